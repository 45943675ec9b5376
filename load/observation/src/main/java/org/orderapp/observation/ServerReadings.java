package org.orderapp.observation;

import java.util.Map;
import java.util.Optional;

/**
 * What the driver reads of the application's servers through their management interfaces: one server
 * ({@link ManagementReader}), or every node of a cluster ({@link ClusterFigures}).
 */
public interface ServerReadings extends AutoCloseable {

    /** Checks the connection; answers the failure if the servers cannot be read. */
    Optional<String> probe();

    /** One sample of the figures, as flat name → value. */
    Map<String, Double> sample();

    /** The replenish MDB alone (instances at work, its pool), read more often than a full sample. */
    Map<String, Double> sampleMdb();

    /** The server's JVM: vendor, version, java.home (the first node's in a cluster); empty when it cannot be read. */
    Optional<ServerJvm> serverJvm();

    /**
     * The server JVM's system properties as it answers (the first node's in a cluster, whose nodes start alike); empty
     * when they cannot be read.
     */
    Optional<Map<String, String>> systemProperties();

    /** The server JVM: its vendor, version, java.home and options as the report names them (the first node's in a cluster). */
    Optional<String> jvmDescription();

    /** The server JVM's process id (the first node's in a cluster), to attach a flight recording. */
    Optional<Long> serverPid();

    /** What is left to recover after a crash, over all servers; empty when one cannot be read. */
    Optional<InDoubt> inDoubtTransactions();

    @Override
    void close();

    /** What is left to recover after a crash: transactions in the transaction manager's log, prepared in the broker. */
    record InDoubt(int logged, int prepared) {
        public boolean none() {
            return logged == 0 && prepared == 0;
        }

        @Override
        public String toString() {
            return "the transaction manager's log holds " + logged + (logged == 1 ? " transaction" : " transactions")
                    + ", the broker " + prepared + " prepared (in-doubt)";
        }
    }
}
