package org.orderapp.lab.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.orderapp.stack.ApplicationCluster;
import org.orderapp.stack.database.GaleraCluster;

/**
 * A configuration to measure: a server profile, server system properties, extra JVM options, management
 * operations applied to the run's copy of the server configuration before it starts (for what WildFly does not
 * take as an expression, such as the cached connection manager's install), optionally another checkout of
 * Order (a folder with its own ./order) whose server and application run instead of this one, and optionally the JDK
 * the server runs on: by major version ({@code jdk: 25}, found among the installed JDKs) or by folder
 * ({@code java-home: DIR}); neither, the experiment's (--java-home, else JAVA_HOME's or the launcher's). With
 * {@code aot-cache: train-and-use} (JDK 25 and later) each run's server starts with the ahead-of-time cache of its
 * build, made first by a training start when the build has none yet. With {@code server-of: OTHER} the variant is
 * OTHER's configuration with properties its server switches at runtime (RuntimeSwitches): the interleaved method
 * measures it on OTHER's server, switched before each of its windows, so that no difference between two JVMs enters
 * its ratio; measured otherwise (by rounds, or every variant at once) it runs a server of its own started so.
 */
public record Variant(String name, String description, String profile, Map<String, String> properties,
                      List<String> jvmOptions, List<String> serverCli, String checkout, Integer nodes, Integer dbNodes,
                      Integer jdk, String javaHome, String aotCache, String serverOf) {

    /** The one value of {@code aot-cache}: a training start makes the build's cache, the measured starts use it. */
    public static final String TRAIN_AND_USE = "train-and-use";
    /** The most nodes a variant may run on one machine: as many as ./order run --nodes allows. */
    private static final int MAX_NODES = ApplicationCluster.MAX_NODES;
    /** The most database nodes a variant may run on one machine: as many as ./order run --db-nodes allows. */
    private static final int MAX_DB_NODES = GaleraCluster.MAX_NODES;

    public Variant {
        properties = properties == null ? Map.of() : new LinkedHashMap<>(properties);
        jvmOptions = jvmOptions == null ? List.of() : List.copyOf(jvmOptions);
        serverCli = serverCli == null ? List.of() : List.copyOf(serverCli);
    }

    /** A variant that is only a name and what it is (a benchmark's loader, a tool). */
    public static Variant named(String name, String description) {
        return new Variant(name, description, null, null, null, null, null, null, null, null, null, null, null);
    }

    /** A variant on the default JDK. */
    public Variant(String name, String description, String profile, Map<String, String> properties,
                   List<String> jvmOptions, List<String> serverCli, String checkout, Integer nodes, Integer dbNodes) {
        this(name, description, profile, properties, jvmOptions, serverCli, checkout, nodes, dbNodes, null, null, null, null);
    }

    /** The same variant with its server on the JDK in that folder (its major version, if it named one, kept). */
    public Variant onJavaHome(Path home) {
        return new Variant(name, description, profile, properties, jvmOptions, serverCli, checkout, nodes, dbNodes, jdk,
                home == null ? null : home.toString(), aotCache, serverOf);
    }

    /**
     * This variant (server-of: host) as what it runs: the host's configuration, its properties and then this variant's
     * (which the host's server switches at runtime).
     */
    Variant onServerOf(Variant host) {
        var merged = new LinkedHashMap<>(host.properties());
        merged.putAll(properties);
        return new Variant(name, description, host.profile(), merged, host.jvmOptions(), host.serverCli(), host.checkout(),
                host.nodes(), host.dbNodes(), host.jdk(), host.javaHome(), host.aotCache(), host.name());
    }

    /** Whether the variant's server starts with an ahead-of-time cache (aot-cache: train-and-use). */
    public boolean usesAotCache() {
        return TRAIN_AND_USE.equals(aotCache);
    }

    /** Whether the variant names its JDK (by version or by folder). */
    public boolean namesJdk() {
        return jdk != null || javaHome != null;
    }

    /** The folder of the variant's JDK, once named or found; null: the default JDK. */
    public Path javaHomePath() {
        return javaHome == null ? null : Path.of(javaHome);
    }

    /** A variant on the single server. */
    public Variant(String name, String description, String profile, Map<String, String> properties,
                   List<String> jvmOptions, List<String> serverCli, String checkout) {
        this(name, description, profile, properties, jvmOptions, serverCli, checkout, null, null);
    }

    /**
     * Checks the variant's own settings (nodes, database nodes, JDK, AOT cache); a broken one is an
     * IllegalArgumentException naming the file it was read from.
     */
    void check(Path file) {
        if (dbNodes != null && (dbNodes < 1 || dbNodes > MAX_DB_NODES)) {
            throw new IllegalArgumentException(file + ": variant " + name + " has " + dbNodes + " database nodes; from 1 to "
                    + MAX_DB_NODES);
        }
        if (jdk != null && javaHome != null) {
            throw new IllegalArgumentException(file + ": variant " + name + " names its JDK twice (jdk: " + jdk
                    + ", java-home: " + javaHome + "); name one");
        }
        if (jdk != null && jdk < 8) {
            throw new IllegalArgumentException(file + ": variant " + name + ": jdk is a major version such as 17 or 25; got "
                    + jdk);
        }
        if (aotCache != null && !usesAotCache()) {
            throw new IllegalArgumentException(file + ": variant " + name + ": aot-cache takes " + TRAIN_AND_USE
                    + " (or is left out); got '" + aotCache + "'");
        }
        if (usesAotCache() && (nodesOrDefault() > 1 || checkout != null)) {
            throw new IllegalArgumentException(file + ": variant " + name + ": aot-cache is for the single server of this "
                    + "checkout; no nodes or checkout");
        }
        if (javaHome != null && javaHome.isBlank()) {
            throw new IllegalArgumentException(file + ": variant " + name + ": java-home is empty");
        }
        if (nodes != null && (nodes < 1 || nodes > MAX_NODES)) {
            throw new IllegalArgumentException(file + ": variant " + name + " has " + nodes + " nodes; from 1 to "
                    + MAX_NODES);
        }
    }

    /** Checks that each server-cli entry is a management operation (it starts with '/'). */
    void checkServerCli(Path file) {
        for (String operation : serverCli) {
            if (operation == null || !operation.trim().startsWith("/")) {
                throw new IllegalArgumentException(file + ": variant " + name + ": server-cli takes management "
                        + "operations such as /subsystem=jca/cached-connection-manager=cached-connection-manager:"
                        + "write-attribute(name=install, value=false); got '" + operation + "'");
            }
        }
    }

    /** Whether the variant sets anything of the server's (a benchmark's variants name loaders only). */
    boolean setsServer() {
        return profile != null || !properties.isEmpty() || !jvmOptions.isEmpty() || !serverCli.isEmpty()
                || checkout != null || namesJdk() || aotCache != null || serverOf != null;
    }

    /** Whether the variant sets anything besides properties (what a variant on another's server may not). */
    boolean setsMoreThanProperties() {
        return profile != null || !jvmOptions.isEmpty() || !serverCli.isEmpty() || checkout != null || namesJdk()
                || aotCache != null || nodes != null || dbNodes != null;
    }

    /** Database nodes: 1, the embedded database; more, a Galera cluster of that many nodes. */
    public int dbNodesOrDefault() {
        return dbNodes == null ? 1 : dbNodes;
    }

    /** Application servers: 1, the single server; more, a cluster of that many nodes behind a load balancer. */
    public int nodesOrDefault() {
        return nodes == null ? 1 : nodes;
    }

    /** "profile tuned, -Dorder.ds.max-pool-size=40", for reports. */
    public String summary() {
        var parts = new ArrayList<String>();
        parts.add("profile " + (profile == null ? "baseline" : profile));
        if (nodesOrDefault() > 1) {
            parts.add(nodes + " nodes");
        }
        if (dbNodesOrDefault() > 1) {
            parts.add(dbNodes + " database nodes (Galera)");
        }
        properties.forEach((k, v) -> parts.add("-D" + k + "=" + v));
        parts.addAll(jvmOptions);
        parts.addAll(serverCli);
        if (checkout != null) {
            parts.add("checkout " + checkout);
        }
        if (jdk != null) {
            parts.add("JDK " + jdk + (javaHome == null ? "" : " in " + javaHome));
        } else if (javaHome != null) {
            parts.add("java-home " + javaHome);
        }
        if (usesAotCache()) {
            parts.add("AOT cache (trained, then used)");
        }
        if (serverOf != null) {
            parts.add("server-of " + serverOf + " (interleaved: on " + serverOf + "'s server, its own properties switched at runtime; "
                    + "by rounds: a server of its own)");
        }
        return String.join(", ", parts);
    }
}
