package org.orderapp.observation.profile;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * async-profiler's agent, loaded into the server's JVM through the JDK's Attach API and given one command per
 * attach: "start" before a window, "stop" with an .html file after it (the agent writes a flame graph for that
 * extension). The library comes from the driver's class path (Maven Central's tools.profiler:async-profiler,
 * linux-x64) and is extracted under a name made of its content: a JVM loads a library path once and keeps it
 * mapped, so every attach names the same file and a loaded one is never rewritten.
 */
public final class AsyncProfilerAgent implements ProfilerEngine {

    /** Engines in order of preference: perf events (kernel frames too), per-thread CPU timers, the process timer. */
    static final List<String> EVENTS = List.of("cpu", "ctimer", "itimer");
    private static final String LIBRARY = "linux-x64/libasyncProfiler.so";
    private static final String POM = "META-INF/maven/tools.profiler/async-profiler/pom.properties";

    private final long pid;
    private final Path library;
    private final String version;
    private final String event;
    private final Duration interval;
    private final Path log;

    private AsyncProfilerAgent(long pid, Path library, String version, String event, Duration interval, Path log) {
        this.pid = pid;
        this.library = library;
        this.version = version;
        this.event = event;
        this.interval = interval;
        this.log = log;
    }

    /** One engine per event, best first; refused when the library is not for this machine or cannot attach. */
    static List<ProfilerEngine> engines(long pid, Duration interval) throws IOException {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch");
        if (!os.contains("linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
            throw new IOException("its agent library here is for linux-x64, not " + os + "/" + arch);
        }
        if (ModuleLayer.boot().findModule("jdk.attach").isEmpty()) {
            throw new IOException("the driver's Java runtime has no jdk.attach module (a JDK has it)");
        }
        Path library = extract();
        Path log = Files.createTempFile("order-async-profiler", ".log");
        log.toFile().deleteOnExit();
        String version = version();
        return EVENTS.stream().map(e -> (ProfilerEngine) new AsyncProfilerAgent(pid, library, version, e, interval, log))
                .toList();
    }

    @Override
    public String name() {
        return "async-profiler " + version + " " + event;
    }

    @Override
    public void start() throws IOException {
        command(startCommand(event, interval, log));
    }

    @Override
    public void stop(Path html) throws IOException {
        Files.createDirectories(html.toAbsolutePath().getParent());
        command(stopCommand(html.toAbsolutePath(), log));
        if (!Files.isRegularFile(html)) {
            throw new IOException("the agent wrote no flame graph to " + html);
        }
    }

    /**
     * "start,event=ctimer,interval=10000000,log=/tmp/x.log": the interval in nanoseconds (the unit of every CPU
     * engine); the agent's messages go to the log, not the server's console.
     */
    static String startCommand(String event, Duration interval, Path log) {
        return "start,event=" + event + ",interval=" + Math.max(1, interval.toNanos()) + ",log=" + checked(log);
    }

    /**
     * "stop,file=/abs/run1-step1-20users.html,title=Server CPU: run1-step1-20users,log=/tmp/x.log": an .html file
     * is written as a flame graph, titled with the step.
     */
    static String stopCommand(Path html, Path log) {
        String stem = html.getFileName().toString().replaceFirst("\\.html$", "");
        return "stop,file=" + checked(html) + ",title=Server CPU: " + stem + ",log=" + checked(log);
    }

    /** The agent's arguments are separated by commas: a path with one cannot be said. */
    private static String checked(Path path) {
        String s = path.toAbsolutePath().toString();
        if (s.contains(",")) {
            throw new IllegalArgumentException("async-profiler cannot be given a path with a comma: " + s);
        }
        return s;
    }

    private void command(String arguments) throws IOException {
        Files.deleteIfExists(log);
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException e) {
            throw new IOException("cannot attach to the server's JVM: " + e.getMessage(), e);
        }
        try {
            vm.loadAgentPath(library.toString(), arguments);
        } catch (AgentLoadException | AgentInitializationException e) {
            throw new IOException(agentMessage(e));
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        } finally {
            vm.detach();
        }
    }

    /** The agent's own error lines ("[ERROR] Perf events unavailable"), else what the JVM said. */
    private String agentMessage(Exception e) {
        try {
            String errors = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                    .filter(l -> l.startsWith("[ERROR]") || l.startsWith("[WARN]"))
                    .map(l -> l.replaceFirst("^\\[\\w+]\\s*", "")).collect(Collectors.joining("; "));
            if (!errors.isEmpty()) {
                return errors;
            }
        } catch (IOException ignored) {
            // no log written: the JVM's message it is
        }
        return e.getMessage();
    }

    private static Path extract() throws IOException {
        byte[] bytes;
        try (InputStream in = AsyncProfilerAgent.class.getClassLoader().getResourceAsStream(LIBRARY)) {
            if (in == null) {
                throw new IOException(LIBRARY + " is not on the driver's class path");
            }
            bytes = in.readAllBytes();
        }
        String digest;
        try {
            digest = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        Path library = Path.of(System.getProperty("java.io.tmpdir"), "order-async-profiler-" + digest, "libasyncProfiler.so");
        if (!Files.isRegularFile(library)) {
            Files.createDirectories(library.getParent());
            Path part = Files.createTempFile(library.getParent(), "lib", ".part");
            Files.write(part, bytes);
            Files.move(part, library, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        return library;
    }

    private static String version() {
        var properties = new Properties();
        try (InputStream in = AsyncProfilerAgent.class.getClassLoader().getResourceAsStream(POM)) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            // the version is only a label
        }
        return properties.getProperty("version", "(version unknown)");
    }
}
