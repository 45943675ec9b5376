package org.orderapp.lab.profile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import one.convert.Arguments;
import one.convert.FlameGraph;

/**
 * A CPU profile as collapsed stacks ("root;...;leaf" and a sample count), added up over windows, with the successful
 * transactions of those windows, so that every stack and every frame can be said in CPU milliseconds per transaction.
 *
 * @param stacks       samples by stack, root first, frames separated by ';'
 * @param transactions successful transactions in the profiled windows
 * @param sampleMillis CPU milliseconds one sample stands for (the profiler's interval)
 */
public record CollapsedProfile(Map<String, Long> stacks, long transactions, double sampleMillis) {

    /** An empty profile, to add windows to. */
    public static CollapsedProfile empty(double sampleMillis) {
        return new CollapsedProfile(new HashMap<>(), 0, sampleMillis);
    }

    /** This profile with one more window: its flame graph (as async-profiler writes it) and its transactions. */
    public CollapsedProfile plus(Path flameGraph, long windowTransactions) throws IOException {
        var graph = new FlameGraph(new Arguments("--output", "collapsed"));
        graph.parseHtml(new StringReader(Files.readString(flameGraph, StandardCharsets.UTF_8)));
        var collapsed = new ByteArrayOutputStream();
        try (var out = new PrintStream(collapsed, false, StandardCharsets.UTF_8)) {
            graph.dump(out);
        }
        Map<String, Long> merged = new HashMap<>(stacks);
        for (String line : collapsed.toString(StandardCharsets.UTF_8).split("\n")) {
            int space = line.lastIndexOf(' ');
            if (space <= 0) {
                continue;
            }
            try {
                merged.merge(comparable(line.substring(0, space)), Long.parseLong(line.substring(space + 1).trim()), Long::sum);
            } catch (NumberFormatException notAStack) {
                // a header line
            }
        }
        return new CollapsedProfile(merged, transactions + windowTransactions, sampleMillis);
    }

    /**
     * A stack as two servers' profiles can be compared frame by frame: the generated parts of hidden classes' names left
     * out ({@code Foo$$Lambda$2333.0x00007f07bc5bb7a8} on JDK 17, {@code Foo$$Lambda.0x0000000012662708} on JDK 25, both
     * {@code Foo$$Lambda}), which differ between servers and JDKs, so that a frame below a lambda matches its like in the
     * other profile; and the frame's kind the profiler appends ({@code _[j]} compiled, {@code _[i]} inlined, {@code _[0]}
     * interpreted, {@code _[1]} C1, {@code _[k]} kernel), since two JVMs of one configuration inline differently: in an
     * A/A pair, 2 ms per transaction of Undertow's handlers were inlined in one server and compiled apart in the other,
     * and with the kinds kept they headed the list of changed frames while their sums were equal; and the number of a
     * reflection accessor the JVM generated ({@code GeneratedMethodAccessor87}), which the next A/A pair's list was
     * made of (the same method's accessor numbered 87 in one server and 80 in the other).
     */
    static String comparable(String stack) {
        String named = HIDDEN_CLASS_ADDRESS.matcher(LAMBDA_NUMBER.matcher(stack).replaceAll("\\$\\$Lambda")).replaceAll("");
        return FRAME_KIND.matcher(ACCESSOR_NUMBER.matcher(named).replaceAll("$1")).replaceAll("");
    }

    private static final Pattern LAMBDA_NUMBER = Pattern.compile("\\$\\$Lambda\\$\\d+");
    private static final Pattern HIDDEN_CLASS_ADDRESS = Pattern.compile("[./]0x[0-9a-f]+(?=\\.)");
    private static final Pattern ACCESSOR_NUMBER = Pattern.compile(
            "((?:jdk/internal/reflect|sun/reflect)/Generated(?:Serialization)?(?:Method|Constructor)Accessor)\\d+");
    private static final Pattern FRAME_KIND = Pattern.compile("_\\[[a-z0-9]\\](?=;|$)");

    /** CPU milliseconds per transaction of a number of samples. */
    public double msPerTx(long samples) {
        return transactions == 0 ? 0 : samples * sampleMillis / transactions;
    }

    /** Each frame's total (inclusive) samples: every stack it appears in, counted once per stack. */
    public Map<String, Long> frameTotals() {
        Map<String, Long> totals = new HashMap<>();
        stacks.forEach((stack, n) -> {
            Set<String> seen = new HashSet<>();
            for (String frame : stack.split(";")) {
                if (seen.add(frame)) {
                    totals.merge(frame, n, Long::sum);
                }
            }
        });
        return totals;
    }

    /** Each frame's self samples: the stacks it ends. */
    public Map<String, Long> frameSelf() {
        Map<String, Long> self = new HashMap<>();
        stacks.forEach((stack, n) -> self.merge(stack.substring(stack.lastIndexOf(';') + 1), n, Long::sum));
        return self;
    }

    public long samples() {
        return stacks.values().stream().mapToLong(Long::longValue).sum();
    }
}
