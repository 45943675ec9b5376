package org.orderapp.driver.settings;

import java.time.Duration;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;

/** Durations as people write them on a command line and read them in a run folder: "30s", "500ms", "2m", "1h". */
public final class Durations implements ITypeConverter<Duration> {

    @Override
    public Duration convert(String value) {
        return parse(value);
    }

    /** "30s", "500ms", "2m", "1h", or a plain number of seconds. */
    public static Duration parse(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        try {
            if (v.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(v.substring(0, v.length() - 2)));
            }
            long unit = v.endsWith("s") ? 1000 : v.endsWith("m") ? 60_000 : v.endsWith("h") ? 3_600_000 : 0;
            String number = unit == 0 ? v : v.substring(0, v.length() - 1);
            return Duration.ofMillis(Math.round(Double.parseDouble(number) * (unit == 0 ? 1000 : unit)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a duration is like 30s, 500ms, 2m or 1h; got '" + value + "'");
        }
    }

    /** "30s", "500ms": the form parse reads. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? (ms / 1000) + "s" : ms + "ms";
    }

    public Durations() {
    }
}
