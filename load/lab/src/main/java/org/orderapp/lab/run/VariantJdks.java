package org.orderapp.lab.run;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.lab.experiment.Variant;
import org.orderapp.stack.layout.InstalledJdks;
import org.orderapp.stack.layout.Jdk;

/**
 * The JDK each variant's server runs on: the folder it names (java-home), the installed JDK of the major version it
 * names (jdk), or the default one (JAVA_HOME's, else the launcher's). A JDK that is not there, or does not run, makes
 * the experiment not runnable before anything starts, with the JDKs that are installed.
 */
final class VariantJdks {

    private VariantJdks() {
    }

    /** Each variant's JDK by variant name, checked. */
    static Map<String, Jdk> of(ExperimentDefinition definition, InstalledJdks installed) {
        Map<String, Jdk> jdks = new LinkedHashMap<>();
        for (Variant v : definition.variants()) {
            try {
                jdks.put(v.name(), v.javaHome() != null ? Jdk.at(Path.of(v.javaHome()))
                        : v.jdk() != null ? installed.find(v.jdk()) : Jdk.at(Jdk.defaultHome()));
            } catch (IllegalArgumentException e) {
                throw new NotRunnable("variant " + v.name() + ": " + e.getMessage()
                        + (v.javaHome() != null ? "; installed: " + installed(installed) : "")
                        + (v.name().equals(definition.controlOrDefault()) ? "" : "; or leave the variant out (--variants names the others)"));
            }
        }
        return jdks;
    }

    /** The definition whose variants that name a JDK carry its folder, found; the others stay on the default. */
    static ExperimentDefinition resolved(ExperimentDefinition definition, Map<String, Jdk> jdks) {
        return definition.withVariants(definition.variants().stream()
                .map(v -> v.namesJdk() ? v.onJavaHome(jdks.get(v.name()).home()) : v).toList());
    }

    private static String installed(InstalledJdks installed) {
        var all = installed.list();
        return all.isEmpty() ? "none in " + installed.directory()
                : String.join(", ", all.stream().map(j -> j.major() + " (" + j.home() + ")").toList());
    }
}
