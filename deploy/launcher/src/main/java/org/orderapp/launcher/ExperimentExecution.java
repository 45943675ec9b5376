package org.orderapp.launcher;

import java.nio.file.Path;

/** One experiment as the command runs it, by either method: its exit status, and the folder it wrote. */
interface ExperimentExecution {

    /** 0 when every run or window was valid (and the audit passed), 1 when not, 2 for a definition that cannot run here. */
    int run() throws Exception;

    /** The experiment's folder, once created; null before, or when nothing was run. */
    Path folder();
}
