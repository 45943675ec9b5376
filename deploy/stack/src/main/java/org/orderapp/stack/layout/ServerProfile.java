package org.orderapp.stack.layout;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A server profile: which configuration file the server starts with, which JVM options (heap, collector), and which
 * server system properties (settings of the configuration's expressions), before any given with -D.
 * Each is a file NAME.properties that the build puts beside the configuration (deploy/server/src/main/profiles);
 * the container's entry point reads the same files, so a profile means the same in both. The nodes of a cluster
 * start with the profile's clusterServerConfig: the same configuration made a node of a cluster (null: the
 * profile has none). jvmOptionsAlways go first on every start, whatever the heap and collector are (WildFly's default,
 * the profile's or a caller's), so that a later option wins: -XX:+ExitOnOutOfMemoryError, for the supervisor.
 */
public record ServerProfile(String name, String serverConfig, List<String> jvmOptions, String clusterServerConfig,
                            List<String> systemProperties, List<String> jvmOptionsAlways) {

    public ServerProfile {
        systemProperties = systemProperties == null ? List.of() : List.copyOf(systemProperties);
        jvmOptionsAlways = jvmOptionsAlways == null ? List.of() : List.copyOf(jvmOptionsAlways);
    }

    public ServerProfile(String name, String serverConfig, List<String> jvmOptions) {
        this(name, serverConfig, jvmOptions, null, List.of(), List.of());
    }

    public static final String DEFAULT = ProjectLayout.DEFAULT_SERVER_PROFILE;
    private static final String SUFFIX = ProjectLayout.SERVER_PROFILE_SUFFIX;

    /** Reads the named profile; an unknown name is an error that lists the known ones. */
    public static ServerProfile load(ProjectLayout layout, String name) throws IOException {
        Path file = layout.serverProfiles().resolve(name + SUFFIX);
        if (name.isBlank() || name.contains("/") || !Files.isRegularFile(file)) {
            throw new IllegalArgumentException("unknown profile '" + name + "'; known profiles: "
                    + String.join(", ", available(layout)));
        }
        var properties = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            properties.load(in);
        }
        String config = properties.getProperty("server-config", "").trim();
        if (config.isEmpty()) {
            throw new IOException(file + " names no server-config");
        }
        String options = properties.getProperty("jvm-options", "").trim();
        String always = properties.getProperty("jvm-options-always", "").trim();
        String cluster = properties.getProperty("cluster-server-config", "").trim();
        String system = properties.getProperty("system-properties", "").trim();
        for (String p : system.isEmpty() ? new String[0] : system.split("\\s+")) {
            if (!p.matches("[A-Za-z0-9._-]+=\\S*")) {
                throw new IOException(file + ": system-properties holds name=value pairs separated by spaces; got '" + p + "'");
            }
        }
        return new ServerProfile(name, config, options.isEmpty() ? List.of() : Arrays.asList(options.split("\\s+")),
                cluster.isEmpty() ? null : cluster, system.isEmpty() ? List.of() : Arrays.asList(system.split("\\s+")),
                always.isEmpty() ? List.of() : Arrays.asList(always.split("\\s+")));
    }

    /** The profile a node of a cluster starts with: the same JVM options, the configuration made a node. */
    public ServerProfile clusterNode() {
        if (clusterServerConfig == null) {
            throw new IllegalArgumentException("profile '" + name + "' names no cluster-server-config: it cannot run a cluster");
        }
        return new ServerProfile(name, clusterServerConfig, jvmOptions, clusterServerConfig, systemProperties, jvmOptionsAlways);
    }

    public static List<String> available(ProjectLayout layout) throws IOException {
        if (!Files.isDirectory(layout.serverProfiles())) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(layout.serverProfiles())) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(SUFFIX))
                    .map(n -> n.substring(0, n.length() - SUFFIX.length())).sorted().toList();
        }
    }

    /** The JVM options as WildFly's start script takes them: JBOSS_JAVA_SIZING replaces its default heap. */
    public String jvmSizing() {
        var options = new ArrayList<>(jvmOptionsAlways);
        options.addAll(jvmOptions);
        return String.join(" ", options);
    }

    /**
     * The options always given, the profile's JVM options, then further ones (a later option wins). A profile without
     * options means WildFly's own sizing, read from its bin/standalone.conf, so that adding an option keeps the rest.
     */
    public String jvmSizing(ProjectLayout layout, List<String> further) throws IOException {
        var options = new ArrayList<>(jvmOptionsAlways);
        if (jvmOptions.isEmpty()) {
            options.add(wildFlyDefaultSizing(layout.serverHome().resolve("bin/standalone.conf")));
        } else {
            options.addAll(jvmOptions);
        }
        options.addAll(further);
        return String.join(" ", options).trim();
    }

    /** The JBOSS_JAVA_SIZING="..." default of WildFly's standalone.conf. */
    static String wildFlyDefaultSizing(Path standaloneConf) throws IOException {
        var m = Pattern.compile("^\\s*JBOSS_JAVA_SIZING=\"([^\"]*)\"", Pattern.MULTILINE)
                .matcher(Files.readString(standaloneConf));
        if (!m.find()) {
            throw new IOException(standaloneConf + " sets no default JBOSS_JAVA_SIZING");
        }
        return m.group(1);
    }
}
