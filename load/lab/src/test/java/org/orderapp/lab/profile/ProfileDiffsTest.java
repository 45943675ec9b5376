package org.orderapp.lab.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import one.convert.Arguments;
import one.convert.FlameGraph;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.driver.engine.StepResult;
import org.orderapp.driver.engine.WarmUp;
import org.orderapp.driver.report.StepOutcome;
import org.orderapp.driver.workload.RequestType;
import org.orderapp.lab.experiment.Method;
import org.orderapp.observation.ServerWindow;

class ProfileDiffsTest {

    /** 10 ms a sample, 100 transactions: a sample is 0.1 ms per transaction. */
    private static final CollapsedProfile CONTROL = new CollapsedProfile(Map.of(
            "Thread.run;Handler.serve;Order.place", 50L,
            "Thread.run;Handler.serve;Json.write", 30L,
            "Thread.run;Gc.collect", 20L), 100, 10);
    private static final CollapsedProfile VARIANT = new CollapsedProfile(Map.of(
            "Thread.run;Handler.serve;Order.place", 50L,
            "Thread.run;Handler.serve;Spin.spin", 40L,
            "Thread.run;Handler.serve;Json.write", 10L,
            "Thread.run;Gc.collect", 20L), 100, 10);

    @Test
    void framesAreRankedByTheirChangeInCpuPerTransactionInclusive() {
        List<Method.FrameChange> changed = ProfileDiffs.changed(CONTROL, VARIANT);
        assertEquals("Spin.spin", changed.get(0).frame());
        assertEquals(4.0, changed.get(0).deltaMs(), 1e-9);
        // Then the changes of 2 ms, by name: Handler.serve 8 → 10 ms (its callees', inclusive), Json.write 3 → 1, Thread.run.
        assertEquals(List.of("Handler.serve", "Json.write", "Thread.run"), changed.subList(1, 4).stream().map(Method.FrameChange::frame).toList());
        assertEquals(2.0, changed.get(1).deltaMs(), 1e-9);
        assertEquals(-2.0, changed.get(2).deltaMs(), 1e-9);
        assertEquals(0.0, changed.stream().filter(f -> f.frame().equals("Order.place")).findFirst().orElseThrow().deltaMs(), 1e-9);
    }

    @Test
    void theTreeHoldsBothProfilesFrameByFrame() {
        Map<String, Object> tree = ProfileDiffs.tree(CONTROL, VARIANT);
        assertEquals(10.0, (double) tree.get("c"), 1e-9);
        assertEquals(12.0, (double) tree.get("v"), 1e-9);
        @SuppressWarnings("unchecked")
        var thread = ((List<Map<String, Object>>) tree.get("k")).get(0);
        assertEquals("Thread.run", thread.get("n"));
        @SuppressWarnings("unchecked")
        var handler = ((List<Map<String, Object>>) thread.get("k")).stream().filter(k -> k.get("n").equals("Handler.serve")).findFirst().orElseThrow();
        assertEquals(8.0, (double) handler.get("c"), 1e-9);
        assertEquals(10.0, (double) handler.get("v"), 1e-9);
    }

    @Test
    void lambdaFramesOfTwoJdksCompareAsOne() {
        String jdk17 = "java/lang/Thread.run_[j];io/undertow/servlet/handlers/ServletInitialHandler$$Lambda$2333.0x00007f07bc5bb7a8.handleRequest_[j];org/Foo.bar_[j]";
        String jdk25 = "java/lang/Thread.run_[j];io/undertow/servlet/handlers/ServletInitialHandler$$Lambda.0x0000000012662708.handleRequest_[j];org/Foo.bar_[j]";
        assertEquals("java/lang/Thread.run;io/undertow/servlet/handlers/ServletInitialHandler$$Lambda.handleRequest;org/Foo.bar",
                CollapsedProfile.comparable(jdk17));
        assertEquals(CollapsedProfile.comparable(jdk17), CollapsedProfile.comparable(jdk25));
        assertEquals("org/Foo.bar;java/lang/invoke/LambdaForm$MH.invoke",
                CollapsedProfile.comparable("org/Foo.bar_[j];java/lang/invoke/LambdaForm$MH.0x00007f07bc5bb7a8.invoke_[j]"));
        assertEquals("org/Foo.bar", CollapsedProfile.comparable("org/Foo.bar"), "an ordinary frame stays");
    }

    /**
     * Two JVMs of one configuration inline differently: a method compiled apart in one and inlined into its caller in the
     * other is one frame to compare, not two that changed (as an A/A pair's profiles first showed them). Names that only
     * look like a kind stay ("get_[x]y", an array's "[B"). Nor is a generated reflection accessor's number compared.
     */
    @Test
    void aFrameCompiledInOneServerAndInlinedInTheOtherCompareAsOne() {
        assertEquals("Thread.run;Handler.serve;Metrics.handle;Order.place",
                CollapsedProfile.comparable("Thread.run_[j];Handler.serve_[i];Metrics.handle_[j];Order.place_[0]"));
        assertEquals("do_syscall_64;Foo.get_[x]y;[B", CollapsedProfile.comparable("do_syscall_64_[k];Foo.get_[x]y_[1];[B"));
        // A reflection accessor the JVM generated is numbered in the order of generation, which differs between servers.
        assertEquals("jdk/internal/reflect/GeneratedMethodAccessor.invoke;jdk/internal/reflect/GeneratedConstructorAccessor.newInstance",
                CollapsedProfile.comparable("jdk/internal/reflect/GeneratedMethodAccessor87.invoke_[j];"
                        + "jdk/internal/reflect/GeneratedConstructorAccessor12.newInstance_[j]"));
        assertEquals("org/Foo/GeneratedMethodAccessor2.run", CollapsedProfile.comparable("org/Foo/GeneratedMethodAccessor2.run_[j]"),
                "a class of another package that is only named so keeps its number");
        var compiled = new CollapsedProfile(Map.of(CollapsedProfile.comparable("Thread.run_[j];Metrics.handle_[j];Order.place_[j]"), 30L), 100, 10);
        var inlined = new CollapsedProfile(Map.of(CollapsedProfile.comparable("Thread.run_[j];Metrics.handle_[i];Order.place_[i]"), 30L), 100, 10);
        assertTrue(ProfileDiffs.changed(compiled, inlined).stream().allMatch(f -> f.deltaMs() == 0), "nothing changed");
    }

    /**
     * A variant on two servers against a control on two: each side's windows, from its servers' own run folders, are
     * one profile (samples and transactions summed), so the difference is over the servers, as the ratios are.
     */
    @Test
    void theWindowsOfSeveralServersOfAVariantAreOneProfile(@TempDir Path dir) throws Exception {
        var control = new ProfileDiffs.Windows();
        control.add(window(dir, "control", "Thread.run;Order.place 40"), outcome(100));
        control.add(window(dir, "control@2", "Thread.run;Order.place 60"), outcome(100));
        var variant = new ProfileDiffs.Windows();
        variant.add(window(dir, "spin", "Thread.run;Order.place 50\nThread.run;Spin.spin 30"), outcome(100));
        variant.add(window(dir, "spin@2", "Thread.run;Order.place 50\nThread.run;Spin.spin 10"), outcome(100));
        var diffs = ProfileDiffs.write(dir, "control", new java.util.LinkedHashMap<>(Map.of("control", control, "spin", variant)), 10);
        assertEquals(1, diffs.size());
        var diff = diffs.get(0);
        assertEquals(5.0, diff.controlMsPerTx(), 1e-9, "(40 + 60) samples of 10 ms over 200 transactions");
        assertEquals(7.0, diff.variantMsPerTx(), 1e-9, "(80 + 60) samples of 10 ms over 200 transactions");
        assertEquals("Spin.spin", diff.frames().get(0).frame());
        assertEquals(2.0, diff.frames().get(0).deltaMs(), 1e-9);
        assertTrue(Files.isRegularFile(dir.resolve(diff.page())), diff.page());
    }

    /** A server's run folder holding one window's flame graph (as async-profiler writes it) of the given stacks. */
    private static Path window(Path dir, String server, String collapsed) throws Exception {
        Path folder = Files.createDirectories(dir.resolve(server));
        var graph = new FlameGraph(new Arguments());
        graph.parseCollapsed(new StringReader(collapsed + "\n"));
        try (var out = new PrintStream(Files.newOutputStream(folder.resolve("step.html")), false, StandardCharsets.UTF_8)) {
            graph.dump(out);
        }
        return folder;
    }

    private static StepOutcome outcome(long transactions) {
        var response = new EnumMap<RequestType, Histogram>(RequestType.class);
        var h = new Histogram(3);
        h.recordValueWithCount(20_000, transactions);
        response.put(RequestType.NEW_ORDER, h);
        var step = new StepResult(1, 0, 20, "20 users", 10, 10, response, response, Map.of(), Map.of(), 0, 0, List.of(),
                new WarmUp(WarmUp.FIXED, 10, null, List.of(), null));
        return new StepOutcome(step, new ServerWindow(Map.of()), null, null, "step.html", null, null);
    }
}
