package org.orderapp.lab.experiment;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.orderapp.stack.admin.AdminClient;

/**
 * The server settings a variant on another variant's server (server-of) may change: those the application switches
 * at runtime through its admin API, today the calibration spin alone. A server takes the switch only when started with
 * {@link #ALLOWED}, which the lab gives the servers it shares; the values themselves are the server's to check, which
 * the lab asks before the warm-up.
 */
public final class RuntimeSwitches {

    /** The CPU microseconds each request spins (a test instrument of the application, never a tuning). */
    public static final String SPIN_MICROS = AdminClient.SPIN_MICROS;
    /** The start setting without which a server refuses every switch (false by default). */
    public static final String ALLOWED = AdminClient.RUNTIME_SWITCH_ALLOWED;
    /** A switched setting's value on a server whose own variant does not set it: the application's default, no spin. */
    static final String NONE = "0";

    private static final Set<String> SWITCHABLE = Set.of(SPIN_MICROS);

    private RuntimeSwitches() {
    }

    /** The settings of the variant that its server switches at runtime. */
    public static List<String> switched(Variant v) {
        return v.properties().keySet().stream().filter(SWITCHABLE::contains).sorted().toList();
    }

    /**
     * What a server shared by these variants is switched to before a window of the one given: every setting any of them
     * switches, at that variant's value or, if it sets none, the default.
     */
    public static Map<String, String> before(Variant measured, List<Variant> sharing) {
        var settings = new LinkedHashMap<String, String>();
        sharing.forEach(v -> switched(v).forEach(key -> settings.put(key, measured.properties().getOrDefault(key, NONE))));
        return settings;
    }

    /** A variant on another's server sets switchable properties and nothing else, on a server that is its own. */
    static void check(Path file, Variant v, Map<String, Variant> byName) {
        Variant host = byName.get(v.serverOf());
        if (host == null || host == v) {
            throw new IllegalArgumentException(file + ": variant " + v.name() + ": server-of names another variant of this "
                    + "experiment, whose server it shares; got '" + v.serverOf() + "'");
        }
        if (host.serverOf() != null) {
            throw new IllegalArgumentException(file + ": variant " + v.name() + ": server-of " + host.name() + ", which is on "
                    + host.serverOf() + "'s server itself; name the variant whose server it is");
        }
        if (v.setsMoreThanProperties()) {
            throw new IllegalArgumentException(file + ": variant " + v.name() + " is on " + host.name() + "'s server (server-of), "
                    + "so it takes " + host.name() + "'s configuration and may set only properties its server switches at "
                    + "runtime: " + String.join(", ", SWITCHABLE.stream().sorted().toList()));
        }
        var fixed = v.properties().keySet().stream().filter(k -> !SWITCHABLE.contains(k)).sorted().toList();
        if (!fixed.isEmpty() || v.properties().isEmpty()) {
            throw new IllegalArgumentException(file + ": variant " + v.name() + " is on " + host.name() + "'s server (server-of): "
                    + (fixed.isEmpty() ? "it sets no property" : String.join(", ", fixed) + " cannot be switched at runtime")
                    + "; it may set " + String.join(", ", SWITCHABLE.stream().sorted().toList())
                    + (fixed.isEmpty() ? "" : " (give the others a server of its own: leave server-of out)"));
        }
        v.properties().forEach((key, value) -> {
            if (value == null || !value.strip().matches("[0-9]{1,9}")) {
                throw new IllegalArgumentException(file + ": variant " + v.name() + ": " + key + " is a whole number of "
                        + "microseconds, not '" + value + "'");
            }
        });
    }
}
