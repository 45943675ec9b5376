package org.orderapp.it;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A test class that starts every server and database it needs itself (a stack of its own, or ./order as a user runs
 * it, on ports of its own: order.it.port-offset plus a distance, OrderCli.portOffset) and touches neither the shared
 * server nor the test database. Such a class runs beside the classes that share them, which run one after another
 * in one thread; junit-platform.properties allows two threads in all, so there are never more than two streams for
 * the machine's two cores, and once the shared classes are done two of these run together. Most of them spend their
 * time waiting for a fault, a restart or a load's end, which the other stream uses. Give the class an
 * {@code @Order}: the longest first, so that no long class is left to run alone at the end.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Execution(ExecutionMode.CONCURRENT)
@interface OwnStackTest {
}
