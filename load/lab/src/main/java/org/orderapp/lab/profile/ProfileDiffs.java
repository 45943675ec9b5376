package org.orderapp.lab.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.orderapp.driver.report.ResultFiles;
import org.orderapp.driver.report.SelfContainedPage;
import org.orderapp.driver.report.StepOutcome;
import org.orderapp.lab.experiment.Method;

/**
 * Explains a difference: each variant's server CPU profile against the control's, at each step, over every window the
 * lab measured, as a differential flame graph (widths: the larger of the two CPU times per transaction; colour: red
 * where the variant spends more, blue where less) and the ten frames whose CPU per transaction changed most.
 */
public final class ProfileDiffs {

    private static final String TEMPLATE = "/org/orderapp/lab/profile/profile-diff.html";
    static final int TOP = 10;

    private ProfileDiffs() {
    }

    /**
     * @param windows each variant's measured windows (warm-up excluded), with the folder their profiles are relative to
     */
    public static List<Method.ProfileDiff> write(Path folder, String control, Map<String, Windows> windows, double sampleMillis) throws IOException {
        return write(folder, control, windows, Map.of(), sampleMillis);
    }

    /**
     * @param against the control's windows a variant is set against where they are not all of the control's (a variant
     *                switched at runtime on the control's first server, against that server alone, as its ratios are)
     */
    public static List<Method.ProfileDiff> write(Path folder, String control, Map<String, Windows> windows, Map<String, Windows> against,
                                                 double sampleMillis) throws IOException {
        var diffs = new ArrayList<Method.ProfileDiff>();
        if (windows.get(control) == null) {
            return diffs;
        }
        Files.createDirectories(folder.resolve("profiles"));
        for (var e : windows.entrySet()) {
            if (e.getKey().equals(control)) {
                continue;
            }
            Windows controls = against.getOrDefault(e.getKey(), windows.get(control));
            for (double step : e.getValue().steps()) {
                CollapsedProfile base = controls.profile(step, sampleMillis);
                CollapsedProfile variant = e.getValue().profile(step, sampleMillis);
                if (base.samples() == 0 || variant.samples() == 0) {
                    continue;
                }
                String stepName = e.getValue().stepName(step);
                String file = String.format(Locale.ROOT, "profiles/%s-vs-%s-%s.html", e.getKey(), control, stepName.replace(' ', '-'));
                var frames = changed(base, variant);
                var diff = new Method.ProfileDiff(e.getKey(), step, stepName, file, base.msPerTx(base.samples()),
                        variant.msPerTx(variant.samples()), frames);
                Map<String, Object> page = new LinkedHashMap<>();
                page.put("title", e.getKey() + " against " + control + " at " + stepName);
                page.put("summary", diff);
                page.put("tree", tree(base, variant));
                SelfContainedPage.write(folder.resolve(file), TEMPLATE, "/*PROFILE_JSON*/", ResultFiles.JSON.writeValueAsString(page));
                diffs.add(diff);
            }
        }
        return diffs;
    }

    /** The frames whose inclusive CPU per transaction changed most, either way. */
    static List<Method.FrameChange> changed(CollapsedProfile control, CollapsedProfile variant) {
        Map<String, Long> c = control.frameTotals();
        Map<String, Long> v = variant.frameTotals();
        Set<String> frames = new HashSet<>(c.keySet());
        frames.addAll(v.keySet());
        return frames.stream()
                .map(f -> new Method.FrameChange(f, control.msPerTx(c.getOrDefault(f, 0L)), variant.msPerTx(v.getOrDefault(f, 0L))))
                .sorted(Comparator.comparingDouble((Method.FrameChange f) -> Math.abs(f.deltaMs())).reversed()
                        .thenComparing(Method.FrameChange::frame))
                .limit(TOP).toList();
    }

    /** Both profiles as one tree of frames, each node with {n: name, c: control ms/tx, v: variant ms/tx, k: children}. */
    static Map<String, Object> tree(CollapsedProfile control, CollapsedProfile variant) {
        var root = new Node("all");
        control.stacks().forEach((stack, n) -> root.add(stack.split(";"), control.msPerTx(n), 0));
        variant.stacks().forEach((stack, n) -> root.add(stack.split(";"), 0, variant.msPerTx(n)));
        return root.json(1e-4);
    }

    private static final class Node {
        final String name;
        double control;
        double variant;
        final Map<String, Node> children = new LinkedHashMap<>();

        Node(String name) {
            this.name = name;
        }

        void add(String[] frames, double c, double v) {
            control += c;
            variant += v;
            Node at = this;
            for (String f : frames) {
                at = at.children.computeIfAbsent(f, Node::new);
                at.control += c;
                at.variant += v;
            }
        }

        /** Leaves out nodes below the smallest width worth drawing, so the page stays small. */
        Map<String, Object> json(double minimum) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("n", name);
            m.put("c", round(control));
            m.put("v", round(variant));
            var kids = children.values().stream().filter(k -> Math.max(k.control, k.variant) >= minimum)
                    .sorted(Comparator.comparing((Node k) -> k.name)).map(k -> k.json(minimum)).toList();
            if (!kids.isEmpty()) {
                m.put("k", kids);
            }
            return m;
        }

        private static double round(double ms) {
            return Math.round(ms * 1e5) / 1e5;
        }
    }

    /**
     * One variant's measured windows: each step's profiles, each relative to its run folder, with their transactions;
     * with several servers per variant, those of all of them, so the difference is over its servers as its ratios are.
     */
    public static final class Windows {
        private record Window(Path runFolder, StepOutcome outcome) {
        }

        private final Map<Double, List<Window>> byStep = new LinkedHashMap<>();
        private final Map<Double, String> names = new LinkedHashMap<>();

        /** A window of the server whose run folder is {@code runFolder}. */
        public void add(Path runFolder, StepOutcome outcome) {
            byStep.computeIfAbsent(outcome.client().step(), s -> new ArrayList<>()).add(new Window(runFolder, outcome));
            names.putIfAbsent(outcome.client().step(), outcome.client().name());
        }

        List<Double> steps() {
            return List.copyOf(byStep.keySet());
        }

        String stepName(double step) {
            return names.get(step);
        }

        CollapsedProfile profile(double step, double sampleMillis) throws IOException {
            CollapsedProfile p = CollapsedProfile.empty(sampleMillis);
            for (Window w : byStep.getOrDefault(step, List.of())) {
                if (w.outcome().cpuProfile() != null) {
                    p = p.plus(w.runFolder().resolve(w.outcome().cpuProfile()), w.outcome().client().successes());
                }
            }
            return p;
        }
    }
}
