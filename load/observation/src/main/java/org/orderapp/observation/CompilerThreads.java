package org.orderapp.observation;

/** HotSpot's JIT compiler threads by their names as Linux keeps them (15 characters: "C2 CompilerThre"). */
public final class CompilerThreads {

    private CompilerThreads() {
    }

    /** Whether a thread of that name (from /proc/PID/task/TID/comm or stat) is one of HotSpot's compiler threads. */
    public static boolean named(String name) {
        return name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre");
    }
}
