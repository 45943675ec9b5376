package org.orderapp.stack.layout;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the build puts the server and the EAR, and where a run keeps its state (under var/). */
public record ProjectLayout(Path root) {

    /** The WildFly version the build provisions (the POM's version.wildfly). */
    public static final String WILDFLY_VERSION = BuildInfo.get("wildfly.version");
    /** The server profile a start uses unless told otherwise; the build always writes it. */
    public static final String DEFAULT_SERVER_PROFILE = "baseline";
    static final String SERVER_PROFILE_SUFFIX = ".properties";

    /** The project root: the folder holding the ./order script, handed over as -Dorder.home. */
    public static ProjectLayout current() {
        return new ProjectLayout(Path.of(System.getProperty("order.home", ".")).toAbsolutePath().normalize());
    }

    /** The WildFly provisioned and configured by the build (deploy/server). */
    public Path serverHome() {
        return root.resolve("deploy/server/target/wildfly");
    }

    /** The server profiles (configuration file and JVM options), one NAME.properties each. */
    public Path serverProfiles() {
        return serverHome().resolve("standalone/configuration/profiles");
    }

    /** The experiment definitions, one NAME.yaml each. */
    public Path experiments() {
        return root.resolve("load/experiments");
    }

    public Path ear() {
        return root.resolve("deploy/ear/target/order.ear");
    }

    /** Run state: the embedded database, the server's data, logs and deployments. Survives a rebuild. */
    public Path var() {
        return root.resolve("var");
    }

    public boolean isBuilt() {
        return Files.isRegularFile(ear()) && Files.isRegularFile(serverHome().resolve("standalone/configuration/order.xml"))
                && Files.isRegularFile(serverProfiles().resolve(DEFAULT_SERVER_PROFILE + SERVER_PROFILE_SUFFIX));
    }
}
