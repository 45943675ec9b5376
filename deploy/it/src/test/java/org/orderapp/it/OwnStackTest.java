package org.orderapp.it;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A test class that starts every server and database it needs itself (a stack of its own, or ./order as a user runs
 * it, on ports of its own: order.it.port-offset plus a distance, OrderCli.portOffset) and touches neither the shared
 * server nor the test database. Such a class runs beside the classes that share them (junit-platform.properties turns
 * that on), one at a time: two streams for the machine's two cores. Most of these classes spend their time waiting
 * for a fault, a restart or a load's end, which the other stream uses. Without the lock the pool ran up to five of them
 * at once beside the shared stream (it adds threads when one blocks), and ClusterIT and FaultIT failed for want of CPU.
 * Give the class an {@code @Order}: the longest first. A class that starts a stack of its own may instead run in the
 * shared stream, one after another with the classes there, to keep the two streams about even (CommitFaultIT, ExperimentIT): then it
 * runs beside one of these, as every shared class does, on ports of its own.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(OwnStackTest.ONE_AT_A_TIME)
@interface OwnStackTest {

    /** The lock every such class holds while it runs. */
    String ONE_AT_A_TIME = "a stack of a test's own";
}
