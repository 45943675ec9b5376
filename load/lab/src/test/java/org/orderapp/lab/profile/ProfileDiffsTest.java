package org.orderapp.lab.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.orderapp.lab.experiment.Method;

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
}
