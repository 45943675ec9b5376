package org.orderapp.lab.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.orderapp.stack.layout.Jdk;

/**
 * Whether a variant's JDK honours its JVM options on this machine, asked of that JVM itself before any server starts:
 * {@code java OPTIONS -version} with the JDK the variant's server runs on (its jdk or java-home, else the default).
 * An option the JDK does not know (-XX:+ZGenerational before JDK 21) fails it; so does a warning that it was not
 * applied (-XX:+UseLargePages with no huge pages reserved: "Failed to reserve ... large pages"). A
 * deprecation, or an option whose behaviour became the only one ("support was removed"), is only noted. A
 * variant that fails is left out of the experiment, which says why: a JVM that quietly falls back would measure
 * the control twice and call it the variant.
 */
public final class HostJvmCheck {

    /** @param runnable whether the options were applied; note: what the JVM said, and the host's memory where pages matter */
    record Outcome(boolean runnable, String note) {
    }

    private static final Pattern HARMLESS = Pattern.compile("(?i)deprecated|support was removed");

    private HostJvmCheck() {
    }

    /**
     * @param jdk     the JDK the variant's server runs on
     * @param options every JVM option the server will get (its profile's, then the variant's)
     * @param own     the variant's own options, as the note names them
     */
    static Outcome check(Jdk jdk, List<String> options, List<String> own) throws IOException, InterruptedException {
        var command = new ArrayList<String>();
        command.add(jdk.home().resolve("bin/java").toString());
        command.addAll(options);
        command.add("-version");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Outcome(false, "the JVM did not answer java " + String.join(" ", own) + " -version within 60 s");
        }
        return judge(String.join(" ", own), p.exitValue(), output, jdk.version(), hostMemory(options));
    }

    /** The verdict on what {@code java OPTIONS -version} printed; separate from running it, for the tests. */
    static Outcome judge(String options, int exit, String output, String jdk, String hostMemory) {
        String suffix = hostMemory.isEmpty() ? "" : " (" + hostMemory + ")";
        if (exit != 0) {
            String error = output.lines().filter(l -> !l.isBlank()).findFirst().orElse("exit " + exit);
            String hint = options.contains("ZGenerational") && Jdk.major(jdk) < 21
                    ? "; ZGC has a generational mode from JDK 21 on, this JDK's ZGC is single-generation" : "";
            return new Outcome(false, "this JDK (" + jdk + ") refuses " + options + ": " + error + hint + suffix);
        }
        var warnings = output.lines().filter(l -> l.toLowerCase(Locale.ROOT).contains("warning")).toList();
        var failures = warnings.stream().filter(w -> !HARMLESS.matcher(w).find()).toList();
        if (!failures.isEmpty()) {
            return new Outcome(false, "the JVM (" + jdk + ") does not apply " + options + " on this host: "
                    + String.join(" ", failures).trim() + suffix);
        }
        if (!warnings.isEmpty()) {
            return new Outcome(true, "the JVM (" + jdk + ") runs " + options + " with a warning: " + String.join(" ", warnings).trim() + suffix);
        }
        return new Outcome(true, hostMemory.isEmpty() ? null : "the JVM (" + jdk + ") applies " + options + suffix);
    }

    /**
     * For options that ask for large pages: what the host has reserved and allows, in one phrase
     * ("HugePages_Total 0 of 2048 kB, transparent huge pages madvise, memlock 8192 kB"); empty otherwise.
     */
    static String hostMemory(List<String> options) {
        if (options.stream().noneMatch(o -> o.contains("LargePages") || o.contains("HugePages") || o.contains("HugeTLBFS"))) {
            return "";
        }
        var parts = new ArrayList<String>();
        String meminfo = read(Path.of("/proc/meminfo"));
        String total = field(meminfo, "HugePages_Total:\\s*(\\d+)");
        String size = field(meminfo, "Hugepagesize:\\s*(\\d+ \\w+)");
        if (total != null) {
            parts.add("HugePages_Total " + total + (size == null ? "" : " of " + size));
        }
        String thp = field(read(Path.of("/sys/kernel/mm/transparent_hugepage/enabled")), "\\[(\\w+)\\]");
        parts.add("transparent huge pages " + (thp == null ? "unavailable" : thp));
        String memlock = field(read(Path.of("/proc/self/limits")), "Max locked memory\\s+(\\S+)");
        if (memlock != null) {
            parts.add("memlock " + (memlock.equals("unlimited") ? memlock : Long.parseLong(memlock) / 1024 + " kB"));
        }
        return String.join(", ", parts);
    }

    private static String read(Path file) {
        try {
            return Files.isReadable(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static String field(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        return m.find() ? m.group(1) : null;
    }
}
