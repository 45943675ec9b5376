package org.orderapp.observation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the operating system gives the server JVM's memory (Linux, a server on this machine): its resident set and how
 * much of it sits on huge pages, transparent (AnonHugePages) or explicit (hugetlbfs mappings), from
 * /proc/PID/smaps_rollup. The large-pages experiment's proof that the pages it asked for are the pages it got.
 */
public final class ProcessMemory {

    private static final Pattern FIELD = Pattern.compile("^(Rss|AnonHugePages|Shared_Hugetlb|Private_Hugetlb):\\s+(\\d+) kB", Pattern.MULTILINE);

    private ProcessMemory() {
    }

    /** os.serverRssMb, os.serverAnonHugePagesMb and os.serverHugetlbMb; empty where /proc cannot be read. */
    static Map<String, Double> sample(long pid) {
        try {
            return parse(Files.readString(Path.of("/proc", Long.toString(pid), "smaps_rollup")));
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
    }

    static Map<String, Double> parse(String smapsRollup) {
        Map<String, Double> values = new LinkedHashMap<>();
        double hugetlb = 0;
        boolean anyHugetlb = false;
        Matcher m = FIELD.matcher(smapsRollup);
        while (m.find()) {
            double mb = Long.parseLong(m.group(2)) / 1024.0;
            switch (m.group(1)) {
                case "Rss" -> values.put(ServerMetrics.SERVER_RSS_MB, mb);
                case "AnonHugePages" -> values.put(ServerMetrics.SERVER_THP_MB, mb);
                default -> {
                    hugetlb += mb;
                    anyHugetlb = true;
                }
            }
        }
        if (anyHugetlb) {
            values.put(ServerMetrics.SERVER_HUGETLB_MB, hugetlb);
        }
        return values;
    }
}
