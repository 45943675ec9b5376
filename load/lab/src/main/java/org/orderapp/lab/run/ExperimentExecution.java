package org.orderapp.lab.run;

import java.nio.file.Path;

/** One experiment as the command runs it, by either method: its exit status, and the folder it wrote. */
public interface ExperimentExecution {

    /** 0 when every run or window was valid (and the audit passed), 1 when not, 2 for a definition that cannot run here. */
    int run() throws Exception;

    /**
     * Whether an audit of its runs or windows failed, or a run ended before its audit (what --fail-on audit exits 1 for);
     * known once run returned.
     */
    boolean auditFailed();

    /** The experiment's folder, once created; null before, or when nothing was run. */
    Path folder();

    /** How long it should take, at the least and at the most, and by which method: for the catalogue's plan. */
    Estimate estimate();

    /** A plan's figures: the method, and the shortest and longest wall time it can take. */
    record Estimate(String method, java.time.Duration least, java.time.Duration most) {
    }

    /** A server's start, its deployment and the data's preparation, about (measured here: 30–60 s). */
    java.time.Duration START = java.time.Duration.ofSeconds(60);
}
