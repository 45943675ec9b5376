package org.orderapp.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.lab.experiment.Variant;
import org.orderapp.lab.interleaved.Pairing;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerProfile;

/** The order of an experiment's runs, and the JVM options a variant adds to its profile's. */
class ExperimentPlanTest {

    private static Variant v(String name) {
        return Variant.named(name, null);
    }

    @Test
    void roundsAlternateInABalancedOrder() {
        var plan = PlannedRun.balanced(List.of(v("A"), v("B"), v("C")), 3);
        assertEquals(List.of("A", "B", "C", "C", "B", "A", "A", "B", "C"), plan.stream().map(p -> p.variant().name()).toList());
        assertEquals(List.of(1, 1, 1, 2, 2, 2, 3, 3, 3), plan.stream().map(PlannedRun::round).toList());
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9), plan.stream().map(PlannedRun::sequence).toList());
    }

    @Test
    void aVariantsJvmOptionsFollowTheProfilesOrWildFlysDefault(@TempDir Path dir) throws Exception {
        var layout = new ProjectLayout(dir);
        Path conf = layout.serverHome().resolve("bin/standalone.conf");
        Files.createDirectories(conf.getParent());
        Files.writeString(conf, "if [ \"x$JBOSS_JAVA_SIZING\" = \"x\" ]; then\n   JBOSS_JAVA_SIZING=\"-Xms64m -Xmx512m\"\nfi\n");
        var baseline = new ServerProfile("baseline", "order.xml", List.of());
        assertEquals("-Xms64m -Xmx512m -XX:+UseZGC", baseline.jvmSizing(layout, List.of("-XX:+UseZGC")),
                "WildFly's own sizing is kept when a variant adds an option");
        var tuned = new ServerProfile("tuned", "order-tuned.xml", List.of("-Xms2g", "-Xmx2g"));
        assertEquals("-Xms2g -Xmx2g -Xmx1g", tuned.jvmSizing(layout, List.of("-Xmx1g")), "a later option wins in the JVM");
    }

    @Test
    void theOptionsAlwaysGivenComeFirstWhateverTheSizingIs(@TempDir Path dir) throws Exception {
        var layout = new ProjectLayout(dir);
        Path conf = layout.serverHome().resolve("bin/standalone.conf");
        Files.createDirectories(conf.getParent());
        Files.writeString(conf, "   JBOSS_JAVA_SIZING=\"-Xms64m -Xmx512m\"\n");
        Files.createDirectories(layout.serverProfiles());
        Files.writeString(layout.serverProfiles().resolve("baseline.properties"),
                "server-config=order.xml\ncluster-server-config=order-ha.xml\njvm-options=\njvm-options-always=-XX:+ExitOnOutOfMemoryError\n");
        Files.writeString(layout.serverProfiles().resolve("tuned.properties"),
                "server-config=order-tuned.xml\njvm-options=-Xms2g -Xmx2g\njvm-options-always=-XX:+ExitOnOutOfMemoryError\n");
        var baseline = ServerProfile.load(layout, "baseline");
        assertEquals("-XX:+ExitOnOutOfMemoryError -Xms64m -Xmx512m", baseline.jvmSizing(layout, List.of()),
                "with WildFly's own sizing");
        assertEquals("-XX:+ExitOnOutOfMemoryError -Xms64m -Xmx512m", baseline.clusterNode().jvmSizing(layout, List.of()),
                "a cluster's node too");
        assertEquals("-XX:+ExitOnOutOfMemoryError -Xms2g -Xmx2g -XX:+UseZGC",
                ServerProfile.load(layout, "tuned").jvmSizing(layout, List.of("-XX:+UseZGC")), "with the profile's and a variant's");
    }

    @Test
    void aVariantOnAnothersServerSharesItInTurnAndAllAtOnce(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("calibration.yaml");
        Files.writeString(file, """
                varies: a spin
                variants:
                  - name: control
                  - name: control-2
                  - name: spin-50
                    server-of: control
                    properties: {order.calibration.spin-micros: "50"}
                  - name: spin-200
                    server-of: control
                    properties: {order.calibration.spin-micros: "200"}
                """);
        var d = ExperimentDefinition.read(file);
        assertEquals(Map.of("control", "control", "control-2", "control-2", "spin-50", "control", "spin-200", "control"), d.servers());
        assertEquals(2, d.serverCount());
        assertEquals(3, d.mostOnOneServer(), "control's server has three variants: a block all at once is three rounds");
        assertTrue(ResidentStacks.serverPlan(d, false).startsWith("2 server(s): one per variant but spin-50 on control's, spin-200 "
                + "on control's (switched at runtime"), ResidentStacks.serverPlan(d, false));
        assertFalse(ResidentStacks.serverPlan(d, false).contains("rounds"), ResidentStacks.serverPlan(d, false));
        assertTrue(ResidentStacks.serverPlan(d, true).startsWith("2 server(s)"), "measured all at once, the same servers");
        assertTrue(ResidentStacks.serverPlan(d, true).contains("a block is 3 rounds"), ResidentStacks.serverPlan(d, true));
        InterleavedRun.checkPairable(d, Pairing.DUET); // control-2's server has one variant: its partner windows pair the spins
        var switched = d.withVariants(List.of(d.variants().get(0), d.variants().get(2)));
        InterleavedRun.checkPairable(switched, Pairing.DUET); // spin-50 switched within its windows: compared with control there
        var noPartner = switched.with(null, Map.of("measure", "8s")); // too short a window for a quartet: not switched
        InterleavedRun.checkPairable(noPartner, Pairing.IN_TURN);
        var refused = assertThrows(IllegalArgumentException.class, () -> InterleavedRun.checkPairable(noPartner, Pairing.DUET));
        assertTrue(refused.getMessage().contains("every server has 2 variants, so none does"), refused.getMessage());
        assertTrue(refused.getMessage().contains("windows of at least 9.25 s (--measure)"), refused.getMessage());
        var withoutHost = d.withVariants(d.variants().subList(1, 4));
        assertEquals("spin-50", withoutHost.servers().get("spin-50"), "its host left out: a server of its own");
        assertEquals(1, withoutHost.mostOnOneServer());
    }
}
