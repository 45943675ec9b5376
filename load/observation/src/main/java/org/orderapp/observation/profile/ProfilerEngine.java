package org.orderapp.observation.profile;

import java.io.IOException;
import java.nio.file.Path;

/** One way of profiling the server JVM's CPU: started before a window, stopped after it with the flame graph written. */
interface ProfilerEngine {

    /** As summary.json names it, e.g. "async-profiler 4.2 ctimer" or "jfr". */
    String name();

    void start() throws IOException;

    void stop(Path html) throws IOException;
}
