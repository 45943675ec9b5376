package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.orderapp.stack.ApplicationStack;
import org.orderapp.stack.StackOptions;
import org.orderapp.stack.database.DatabaseTarget;
import org.orderapp.stack.layout.ProjectLayout;

/**
 * A stack a test starts for itself, as ./order run starts one (a cluster of servers, a database cluster), with its own
 * database: the tests' database, published as system properties, keeps the data the other tests expect. It watches
 * every socket the test's processes open, keeps the stack's console lines, and stops the stack when closed or when
 * the JVM exits first.
 */
final class OwnStack implements AutoCloseable {

    /** How the test starts its stack, given the project and the folder of its own. */
    @FunctionalInterface
    interface Start {
        StackOptions options(ProjectLayout layout, Path work) throws Exception;
    }

    private final List<String> console = new CopyOnWriteArrayList<>();
    private final ListeningSockets sockets = ListeningSockets.watch(ProcessHandle.current());
    private final ApplicationStack stack = new ApplicationStack();
    private final Thread stopOnExit;
    private final Path work;

    private OwnStack(String name, Path work) {
        this.work = work;
        stopOnExit = new Thread(stack::close, name + "-stop");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
    }

    /** Starts the stack in target/NAME (order.it.dir) and supervises it. */
    static OwnStack start(String name, Start start) throws Exception {
        Path work = Path.of(System.getProperty("order.it.dir", "target")).resolve(name).toAbsolutePath();
        OrderCli.deleteRecursively(work);
        var layout = new ProjectLayout(Path.of(System.getProperty("order.home")).toAbsolutePath().normalize());
        var own = new OwnStack(name, work);
        var saved = new HashMap<String, String>();
        for (String shared : List.of(DatabaseTarget.URL, DatabaseTarget.USER, DatabaseTarget.PASSWORD)) {
            saved.put(shared, System.clearProperty(shared));
        }
        try {
            own.stack.start(start.options(layout, work), own::say);
        } finally {
            saved.forEach((k, v) -> {
                if (v != null) {
                    System.setProperty(k, v);
                }
            });
        }
        own.stack.supervise(own::say);
        return own;
    }

    ApplicationStack stack() {
        return stack;
    }

    /** The test's own folder: the stack's files, and whatever else the test writes. */
    Path work() {
        return work;
    }

    /** What the stack has said so far. */
    List<String> console() {
        return console;
    }

    /**
     * The first console line that matches, waiting up to {@code within} for it: the stack's own threads (its watcher of
     * dead nodes) say what they saw when they see it, which on a busy machine may be after the load driver, reading the
     * same thing its own way, has gone on. Empty where none came.
     */
    Optional<String> awaitLine(Predicate<String> wanted, Duration within)
            throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            var line = console.stream().filter(wanted).findFirst();
            if (line.isPresent() || System.nanoTime() > deadline) {
                return line;
            }
            Thread.sleep(200);
        }
    }

    /** Every process the test started, this stack's too, has listened on loopback only, from its start until now. */
    void assertListenedOnLoopbackOnly() {
        List<ListeningSockets.Listener> seen = sockets.seen();
        assertTrue(seen.size() > 3, "the stack's sockets are seen: " + seen);
        assertEquals(List.of(), sockets.exposed(), "every socket on loopback; all seen: " + seen);
    }

    @Override
    public void close() {
        sockets.close();
        stack.close();
        Runtime.getRuntime().removeShutdownHook(stopOnExit);
    }

    static URL url(URI uri) {
        try {
            return uri.toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private void say(String line) {
        console.add(line);
        System.out.println(line);
    }
}
