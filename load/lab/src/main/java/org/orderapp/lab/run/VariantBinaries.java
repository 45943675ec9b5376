package org.orderapp.lab.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.lab.experiment.Variant;
import org.orderapp.stack.layout.InstalledJdks;
import org.orderapp.stack.layout.Jdk;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerProfile;

/**
 * What each variant of an experiment runs: the server and EAR of this checkout or of another (built if it is not yet),
 * its profile, its JDK (VariantJdks), and whether that JDK takes its JVM options on this host (HostJvmCheck). A variant
 * the host cannot run is left out with a note; without the control, or with fewer than two variants left, there is
 * nothing to compare.
 */
public final class VariantBinaries {

    /** The experiment as it can run here, each variant's checkout and profile, and the notes on variants left out. */
    record Prepared(ExperimentDefinition definition, Map<String, ProjectLayout> binaries, Map<String, ServerProfile> profiles,
                    List<String> hostNotes) {
    }

    private VariantBinaries() {
    }

    /**
     * Each variant's checkout; a checkout that is not one of Order, or a JDK that is not here, makes the experiment not
     * runnable here.
     */
    static Map<String, ProjectLayout> of(ProjectLayout layout, ExperimentDefinition definition) {
        VariantJdks.of(definition, InstalledJdks.here());
        Map<String, ProjectLayout> binaries = new LinkedHashMap<>();
        definition.variants().forEach(v -> binaries.put(v.name(), checkout(layout, v)));
        return binaries;
    }

    private static ProjectLayout checkout(ProjectLayout layout, Variant v) {
        if (v.checkout() == null) {
            return layout;
        }
        Path root = layout.root().resolve(v.checkout()).normalize();
        if (!Files.isRegularFile(root.resolve("order")) || !Files.isRegularFile(root.resolve("mvnw"))) {
            throw new NotRunnable("variant " + v.name() + ": " + root + " is not a checkout of Order (no ./order, ./mvnw)"
                    + (v.checkout().equals("../order-before") ? "; create it first: git worktree add ../order-before COMMIT" : ""));
        }
        return new ProjectLayout(root);
    }

    /** Builds what is not built, loads the profiles, leaves out what this host cannot run; null: nothing to compare. */
    static Prepared prepare(ExperimentDefinition named, Map<String, ProjectLayout> binaries, Consumer<String> say)
            throws IOException, InterruptedException {
        Map<String, Jdk> jdks = VariantJdks.of(named, InstalledJdks.here());
        ExperimentDefinition definition = VariantJdks.resolved(named, jdks);
        Map<String, ServerProfile> profiles = new LinkedHashMap<>();
        for (Variant v : definition.variants()) {
            ProjectLayout b = binaries.get(v.name());
            if (!b.isBuilt()) {
                build(b, say);
            }
            profiles.put(v.name(), ServerProfile.load(b, v.profile() == null ? ServerProfile.DEFAULT : v.profile()));
        }
        var kept = new ArrayList<Variant>();
        var notes = new ArrayList<String>();
        for (Variant v : definition.variants()) {
            if (v.jvmOptions().isEmpty()) {
                kept.add(v);
                continue;
            }
            String sizing = profiles.get(v.name()).jvmSizing(binaries.get(v.name()), v.jvmOptions());
            var outcome = HostJvmCheck.check(jdks.get(v.name()), List.of(sizing.split("\\s+")), v.jvmOptions());
            if (outcome.runnable()) {
                kept.add(v);
            }
            if (outcome.note() != null) {
                String note = "Variant " + v.name() + (outcome.runnable() ? ": " : " is left out: ") + outcome.note() + ".";
                notes.add(note);
                say.accept(note);
            }
        }
        if (kept.size() == definition.variants().size()) {
            return new Prepared(definition, binaries, profiles, notes);
        }
        if (kept.size() < 2 || kept.stream().noneMatch(v -> v.name().equals(definition.controlOrDefault()))) {
            say.accept("Experiment " + definition.name() + ": this host cannot run " + (kept.size() < 2 ? "two of its variants"
                    : "its control, " + definition.controlOrDefault()) + ", so there is nothing to compare here; nothing was measured.");
            return null;
        }
        say.accept("Running " + kept.size() + " variants: " + String.join(", ", kept.stream().map(Variant::name).toList()));
        return new Prepared(definition.withVariants(kept), binaries, profiles, notes);
    }

    static void build(ProjectLayout checkout, Consumer<String> say) throws IOException, InterruptedException {
        say.accept("Building " + checkout.root() + " (./mvnw package -DskipTests) ...");
        Process p = new ProcessBuilder(checkout.root().resolve("mvnw").toString(), "-q", "-B", "package", "-DskipTests")
                .directory(checkout.root().toFile()).inheritIO().start();
        if (p.waitFor() != 0 || !checkout.isBuilt()) {
            throw new IOException("the build of " + checkout.root() + " failed");
        }
    }
}
