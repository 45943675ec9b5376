package org.orderapp.it;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The JDK the servers under test run on: {@code order.it.java-home}, which the build also gives as JAVA_HOME to the
 * processes the tests start (./order, the launcher's servers); the JDK running Maven unless another is named.
 */
final class ServerJdk {

    private ServerJdk() {
    }

    static Path home() throws IOException {
        return Path.of(Objects.requireNonNull(System.getProperty("order.it.java-home"), "order.it.java-home is not set"))
                .toRealPath();
    }

    /** Whether the command line runs the java launcher of that JDK (whatever path leads to it). */
    static boolean runs(String commandLine) throws IOException {
        Path program = Path.of(commandLine.split(" ", 2)[0]);
        return program.isAbsolute() && program.toRealPath().equals(home().resolve("bin/java").toRealPath());
    }
}
