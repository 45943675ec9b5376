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

    /**
     * How far two JVMs of one configuration differ here, at most, in throughput or CPU per transaction: the A/A ratios of
     * CPU per transaction of the last five open-load calibrations, one server a side, were 0.97–1.01, 1.006–1.033,
     * 0.956–0.982, 0.96–1.02 and 0.969–0.992 (2026-11-30 and 12-01). With one server a side, a ratio whose interval
     * reaches within this of 1 may be the JVMs' difference and not the setting's: its verdict says so.
     */
    public static final double JVM_DIFFERENCE = 0.03;
    /** Between a variant's name and its instance's number. */
    public static final String MARK = "@";
    /** The most servers per variant: past four, a t interval over them narrows little (2.45 at 6 degrees of freedom). */
    public static final int MAX = 4;
    /**
     * The most servers an experiment may start with its instances: each is a JVM of up to 512 MB of heap and, all at once,
     * a database of its own, and every one shares the machine's cores.
     */
    public static final int MAX_SERVERS = 8;

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

    private static List<String> names(List<Variant> variants) {
        return variants.stream().map(Variant::name).toList();
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
            if (v.serverOf() != null || isExtra(v.name()) || names(variants).contains(v.name() + MARK + 2)) {
                continue; // on another's server, or an instance already
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
