package org.orderapp.lab.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.orderapp.driver.settings.Durations;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.lab.experiment.Comparison;
import org.orderapp.lab.experiment.ComparisonFiles;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.lab.experiment.Method;
import org.orderapp.lab.experiment.Observation;
import org.orderapp.lab.experiment.VariantDurability;

/** The record of an experiment by rounds in its folder: the runs observed, the comparison and experiment.json. */
final class RoundsRecord {

    /** The experiment as run, and how and where. */
    record Setting(ExperimentDefinition definition, Path file, RunnerSettings settings, String because, LoadConfig load,
                   List<String> hostNotes) {
    }

    private final Setting setting;
    private final Instant started;
    private final Path folder;
    private final List<Observation> observations = new ArrayList<>();
    private final Map<String, Object> machine = new LinkedHashMap<>();

    RoundsRecord(Setting setting, Instant started, Path folder) {
        this.setting = setting;
        this.started = started;
        this.folder = folder;
    }

    /** The machine's description for experiment.json; its database's version is added by the first run that knows it. */
    Map<String, Object> machine() {
        return machine;
    }

    void add(Observation observation) {
        observations.add(observation);
    }

    /** Runs observed so far. */
    int runs() {
        return observations.size();
    }

    /** The comparison's notes: the variants' durability, then what the hosts' JVMs said. */
    private List<String> notes() {
        var notes = new ArrayList<>(VariantDurability.notes(setting.definition(), setting.settings().allowUnsafeDurability()));
        notes.addAll(setting.hostNotes());
        return notes;
    }

    Comparison writeComparison(boolean interrupted) throws IOException {
        var method = new Method(Method.ROUNDS,
                "a fresh database and server per run, the variants alternating; a ratio per round", null, null, null,
                Duration.between(started, Instant.now()).toSeconds() / 60.0, null, setting.because(), null, null, null);
        LoadConfig load = setting.load();
        var context = new Comparison.Context(setting.settings().command(), started.toString(), Instant.now().toString(),
                Comparison.units(load.model() == LoadConfig.Model.OPEN),
                warmUpDescription(load), interrupted, notes(), method);
        Comparison comparison = Comparison.of(setting.definition(), context, observations);
        ComparisonFiles.write(folder, comparison);
        return comparison;
    }

    /** experiment.json: the definition as run, the command, the machine and the plan. */
    void writeExperimentJson(String status, List<PlannedRun> plan) throws IOException {
        ExperimentDefinition definition = setting.definition();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("experiment", definition.name());
        m.put("status", status);
        m.put("file", setting.file().toAbsolutePath().normalize().toString());
        m.put("command", setting.settings().command());
        m.put("started", started.toString());
        m.put("definition", definition.asMap());
        m.put("loadArguments", definition.loadArguments());
        m.put("warmUp", warmUpDescription(setting.load()));
        m.put("machine", machine);
        m.put("portOffset", setting.settings().portOffset());
        m.put("durability", VariantDurability.labels(definition, setting.settings().allowUnsafeDurability()));
        m.put("plan", plan.stream().map(p -> Map.of("sequence", p.sequence(), "round", p.round(), "variant", p.variant().name()))
                .toList());
        ExperimentFolder.writeExperimentJson(folder, m);
    }

    static String warmUpDescription(LoadConfig c) {
        String each = Durations.format(c.warmUp()) + " before each step";
        if (c.steadyState() == null) {
            return "fixed: " + each;
        }
        var s = c.steadyState();
        return String.format(Locale.ROOT, "steady state on the first step after each server start: at least %s, then until %d "
                        + "windows of %s agree within %.0f %% (at most %s); %s",
                Durations.format(s.min().compareTo(c.warmUp()) > 0 ? s.min() : c.warmUp()), s.windows(),
                Durations.format(s.window()), 100 * s.tolerance(), Durations.format(s.max()), each);
    }
}
