package org.orderapp.lab.experiment;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Several servers of one variant (the interleaved method's {@code instances}). Two JVMs of one configuration differ by
 * their JIT compilers' decisions, by up to about 3 % of CPU per transaction here, and no number of blocks averages that
 * out: a ratio between two servers is then also a ratio between two JVMs (Georges, Buytaert and Eeckhout, "Statistically
 * Rigorous Java Performance Evaluation", OOPSLA 2007). With N instances every variant on a server of its own runs on N,
 * each an extra variant named NAME@2 to NAME@N ('@' is not allowed in a name a file gives), measured in every block
 * as the others are; a variant switched at runtime on another's server stays on the first instance, where its
 * difference is taken within one JVM. The ratios are then over the instances ({@link Statistics#acrossInstances}).
 * The method of rounds needs none: every round starts a fresh JVM, so its interval already holds their difference.
 */
public final class Instances {

    /** Between a variant's name and its instance's number. */
    public static final String MARK = "@";
    /** The most servers per variant: each is a server and (all at once) a database of its own on a two-core machine. */
    public static final int MAX = 4;

    private Instances() {
    }

    /** The variant a server instance belongs to: "control" for "control@2" and for "control". */
    public static String groupOf(String name) {
        int at = name.indexOf(MARK);
        return at < 0 ? name : name.substring(0, at);
    }

    /** Whether the name is a second or later instance of a variant (NAME@k). */
    public static boolean isExtra(String name) {
        return name.contains(MARK);
    }

    /** The instances of a variant among these names, the variant itself first. */
    public static List<String> of(String variant, Collection<String> names) {
        return names.stream().filter(n -> groupOf(n).equals(variant)).toList();
    }

    /** How many instances each variant has at most (1: one server each). */
    public static int count(Collection<String> names) {
        return names.stream().mapToInt(n -> of(groupOf(n), names).size()).max().orElse(1);
    }

    /** Checks a number of instances; a bad one is an IllegalArgumentException saying what is allowed. */
    public static int check(int n, String where) {
        if (n < 1 || n > MAX) {
            throw new IllegalArgumentException(where + ": instances is from 1 to " + MAX + " servers per variant; got " + n);
        }
        return n;
    }

    /**
     * The variants with every one on a server of its own run on n servers: after each, its instances 2 to n, the same
     * configuration under the name NAME@k. A variant on another's server (server-of) is not repeated.
     */
    static List<Variant> expand(List<Variant> variants, int n) {
        var all = new ArrayList<Variant>();
        for (Variant v : variants) {
            all.add(v);
            if (v.serverOf() != null) {
                continue;
            }
            for (int k = 2; k <= n; k++) {
                all.add(new Variant(v.name() + MARK + k, (v.description() == null ? v.summary() : v.description())
                        + " (server instance " + k + ")", v.profile(), v.properties(), v.jvmOptions(), v.serverCli(),
                        v.checkout(), v.nodes(), v.dbNodes(), v.jdk(), v.javaHome(), v.aotCache(), null));
            }
        }
        return all;
    }
}
