package org.orderapp.observation.profile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import one.convert.Arguments;
import one.convert.FlameGraph;

/**
 * A CPU profile's samples by layer of the stack — the application, Hibernate, Connector/J, the EJB container,
 * Undertow, the JIT compiler, the garbage collector — so a step can say how many of the server's milliseconds per
 * transaction each layer took. A sample belongs to the innermost frame of a known layer (a HashMap lookup inside
 * Hibernate is Hibernate's; a socket write inside Connector/J, kernel frames included, is Connector/J's); the
 * JVM's own threads are told apart by their native entry frames; what matches nothing is "JDK and other".
 */
public record CpuLayers(long samples, Map<String, Long> byLayer) {

    public static final String JIT = "JIT compiler";
    public static final String GC = "garbage collector";
    public static final String JVM = "JVM (other threads)";
    public static final String OTHER = "JDK and other";

    /** Java package prefixes of each layer; the first layer that matches a frame wins, so narrower ones come first. */
    private static final List<Layer> LAYERS = List.of(
            new Layer("application (org.orderapp)", "org.orderapp."),
            new Layer("Connector/J", "com.mysql."),
            new Layer("Bean Validation", "org.hibernate.validator."),
            new Layer("Hibernate ORM", "org.hibernate.", "org.jboss.as.jpa."),
            new Layer("Infinispan (second-level cache)", "org.infinispan.", "org.wildfly.clustering.", "org.jboss.as.clustering."),
            new Layer("IronJacamar (JCA pool)", "org.jboss.jca.", "org.jboss.as.connector."),
            new Layer("Narayana (JTA)", "com.arjuna.", "org.jboss.narayana.", "org.jboss.tm.", "org.wildfly.transaction.",
                    "org.jboss.as.txn."),
            new Layer("Artemis (JMS)", "org.apache.activemq."),
            new Layer("EJB container and interceptors", "org.jboss.as.ejb3.", "org.jboss.invocation.", "org.jboss.ejb.",
                    "org.jboss.as.ee."),
            new Layer("Weld (CDI)", "org.jboss.weld.", "org.jboss.as.weld."),
            new Layer("JSON (Jackson, Yasson)", "com.fasterxml.jackson.", "org.eclipse.yasson.", "org.eclipse.parsson."),
            new Layer("RESTEasy (JAX-RS)", "org.jboss.resteasy."),
            new Layer("JSP and EL", "org.apache.jasper.", "org.glassfish.expressly.", "org.jboss.el."),
            new Layer("Elytron (security)", "org.wildfly.security.", "org.wildfly.elytron.", "org.jboss.as.domain.management."),
            new Layer("management API (the driver's sampling)", "org.jboss.as.controller.", "org.jboss.dmr.",
                    "org.jboss.as.domain.http.", "org.jboss.as.server.mgmt.", "org.jboss.as.server.operations."),
            new Layer("logging", "org.jboss.logmanager.", "org.jboss.logging.", "java.util.logging."),
            new Layer("Undertow and XNIO (HTTP)", "io.undertow.", "org.xnio.", "org.wildfly.extension.undertow.",
                    "org.jboss.threads."),
            new Layer("WildFly (other)", "org.jboss.", "org.wildfly."));

    private record Layer(String name, String... prefixes) {
        boolean matches(String frame) {
            return Arrays.stream(prefixes).anyMatch(frame::startsWith);
        }
    }

    /** The layers of an HTML flame graph as async-profiler (or its JFR converter) writes it. */
    public static CpuLayers of(Path flameGraph) throws IOException {
        var graph = new FlameGraph(new Arguments("--output", "collapsed"));
        graph.parseHtml(new StringReader(Files.readString(flameGraph, StandardCharsets.UTF_8)));
        var collapsed = new ByteArrayOutputStream();
        try (var out = new PrintStream(collapsed, false, StandardCharsets.UTF_8)) {
            graph.dump(out);
        }
        return ofCollapsed(collapsed.toString(StandardCharsets.UTF_8));
    }

    /** From collapsed stacks: "frame;frame;...;leaf count" per line, the root first. */
    static CpuLayers ofCollapsed(String collapsed) {
        Map<String, Long> counts = new LinkedHashMap<>();
        long total = 0;
        for (String line : collapsed.split("\n")) {
            int space = line.lastIndexOf(' ');
            if (space <= 0) {
                continue;
            }
            long n;
            try {
                n = Long.parseLong(line.substring(space + 1).trim());
            } catch (NumberFormatException e) {
                continue;
            }
            counts.merge(layerOf(line.substring(0, space).split(";")), n, Long::sum);
            total += n;
        }
        Map<String, Long> sorted = new LinkedHashMap<>();
        counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()))
                .forEach(e -> sorted.put(e.getKey(), e.getValue()));
        return new CpuLayers(total, sorted);
    }

    /** The layer of one stack, its frames root first. */
    static String layerOf(String[] frames) {
        for (String frame : frames) {
            String f = frame.trim();
            if (f.startsWith("CompileBroker::")) {
                return JIT;
            }
            if (f.startsWith("GangWorker::") || f.startsWith("GCTaskThread::") || f.startsWith("ConcurrentGCThread::")
                    || f.startsWith("WorkerThread::run") || f.startsWith("G1") || f.startsWith("ZThread::") || f.startsWith("ZWorker")) {
                return GC;
            }
            if (f.startsWith("VMThread::") || f.startsWith("WatcherThread::") || f.startsWith("NMethodSweeper::")
                    || f.startsWith("ServiceThread::") || f.startsWith("MonitorDeflationThread::")) {
                return JVM;
            }
        }
        for (int i = frames.length - 1; i >= 0; i--) {
            String java = javaName(frames[i]);
            if (java == null) {
                continue;
            }
            for (Layer layer : LAYERS) {
                if (layer.matches(java)) {
                    return layer.name();
                }
            }
        }
        return OTHER;
    }

    /** "org/hibernate/Foo.bar_[j]" as "org.hibernate.Foo.bar"; null for a native or kernel frame. */
    private static String javaName(String frame) {
        String f = frame.trim().replaceFirst("_\\[[^]]*]$", "");
        if (f.endsWith("_[k]") || !f.contains("/") || f.contains("::") || f.contains(" ")) {
            return null;
        }
        return f.replace('/', '.');
    }

    /** Each layer's share of the samples, largest first. */
    public Map<String, Double> shares() {
        Map<String, Double> shares = new LinkedHashMap<>();
        byLayer.forEach((layer, n) -> shares.put(layer, samples == 0 ? 0.0 : (double) n / samples));
        return shares;
    }
}
