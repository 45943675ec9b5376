package org.orderapp.launcher;

import java.nio.file.Path;
import org.orderapp.stack.layout.Jdk;
import picocli.CommandLine.Option;

/** --java-home: the JDK the servers a command starts run on; checked before anything starts. */
public class JavaHomeOption {

    @Option(names = "--java-home", paramLabel = "DIR",
            description = "The JDK the WildFly servers run on (default: JAVA_HOME, else the JDK running ./order). "
                    + "A folder without a bin/java that answers java -version is refused before anything starts.")
    Path javaHome;

    /** The JDK named, or the default one, checked; an IllegalArgumentException says what is wrong with it. */
    Jdk resolve() {
        try {
            return Jdk.at(javaHome != null ? javaHome : Jdk.defaultHome());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException((javaHome != null ? "--java-home: " : "the default JDK (JAVA_HOME, else ./order's): ")
                    + e.getMessage());
        }
    }

    /** The folder named, or null for the default. */
    Path given() {
        return javaHome == null ? null : javaHome.toAbsolutePath().normalize();
    }
}
