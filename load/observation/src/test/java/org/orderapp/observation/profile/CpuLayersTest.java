package org.orderapp.observation.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CpuLayersTest {

    @Test
    void aSampleBelongsToTheInnermostFrameOfAKnownLayer() {
        assertEquals("Hibernate ORM", CpuLayers.layerOf(frames(
                "java/lang/Thread.run_[0]", "io/undertow/server/Connectors.executeRootHandler_[j]",
                "org/jboss/as/ejb3/component/Foo.invoke_[i]", "org/hibernate/internal/SessionImpl.find_[j]",
                "java/util/HashMap.get_[i]")));
        assertEquals("Connector/J", CpuLayers.layerOf(frames(
                "java/lang/Thread.run_[0]", "org/hibernate/engine/jdbc/Foo.execute_[j]", "com/mysql/cj/NativeSession.execSQL_[j]",
                "java/net/SocketOutputStream.write_[j]", "__send", "tcp_sendmsg_[k]")), "the kernel's frames go to the layer that called");
        assertEquals("Bean Validation", CpuLayers.layerOf(frames(
                "org/hibernate/event/Foo.on_[j]", "org/hibernate/validator/internal/engine/ValidatorImpl.validate_[j]")),
                "the narrower layer first");
        assertEquals(CpuLayers.OTHER, CpuLayers.layerOf(frames("java/lang/Thread.run_[0]", "java/util/concurrent/Foo.run_[j]")));
    }

    @Test
    void theJvmsOwnThreadsAreToldByTheirEntryFrames() {
        assertEquals(CpuLayers.JIT, CpuLayers.layerOf(frames("clone3", "thread_native_entry", "Thread::call_run",
                "JavaThread::thread_main_inner", "CompileBroker::compiler_thread_loop", "C2Compiler::compile_method")));
        assertEquals(CpuLayers.GC, CpuLayers.layerOf(frames("clone3", "thread_native_entry", "GangWorker::run", "GangWorker::loop")));
        assertEquals(CpuLayers.JVM, CpuLayers.layerOf(frames("clone3", "thread_native_entry", "VMThread::run")));
    }

    @Test
    void sharesAddUpOverEveryLine() {
        var layers = CpuLayers.ofCollapsed("""
                java/lang/Thread.run_[0];org/hibernate/Foo.bar_[j] 6
                clone3;JavaThread::thread_main_inner;CompileBroker::compiler_thread_loop 3
                java/lang/Thread.run_[0];com/mysql/cj/Foo.bar_[j];tcp_sendmsg_[k] 1
                not a sample line
                """);
        assertEquals(10, layers.samples());
        assertEquals(List.of("Hibernate ORM", CpuLayers.JIT, "Connector/J"), List.copyOf(layers.byLayer().keySet()), "largest first");
        assertEquals(Map.of("Hibernate ORM", 0.6, CpuLayers.JIT, 0.3, "Connector/J", 0.1), Map.copyOf(layers.shares()));
    }

    private static String[] frames(String... frames) {
        return frames;
    }
}
