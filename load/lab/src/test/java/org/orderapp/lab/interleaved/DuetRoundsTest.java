package org.orderapp.lab.interleaved;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.orderapp.lab.experiment.Variant;

/** A block all at once: a round per variant of the busiest server, and partner windows where a server has fewer. */
class DuetRoundsTest {

    // The calibration's servers and their variants; the spins carry their settings, as the aligned rounds match by them.
    private final ResidentVariant control = resident("control", "control");
    private final ResidentVariant control2 = resident("control-2", "control-2");
    private final ResidentVariant spin50 = resident("spin-50", "control", "50");
    private final ResidentVariant spin200 = resident("spin-200", "control", "200");
    private final ResidentVariant spin50b = resident("spin-50-b", "control-2", "50");
    private final ResidentVariant spin200b = resident("spin-200-b", "control-2", "200");

    @Test
    void aServerWithFewerVariantsMeasuresItsOwnAgainAsAPartner() {
        var rounds = DuetRounds.of(List.of(spin200, control2, control, spin50)); // the block's random order
        assertEquals(List.of("spin-200, control-2 (partner)", "control, control-2", "spin-50, control-2 (partner)"),
                rounds.stream().map(DuetRoundsTest::words).toList(), "control-2 second in the block's order: its own window in round 2");
        rounds = DuetRounds.of(List.of(spin200, control, spin50, control2));
        assertEquals(List.of("spin-200, control-2", "control, control-2 (partner)", "spin-50, control-2 (partner)"),
                rounds.stream().map(DuetRoundsTest::words).toList(), "control-2 fourth: 3 modulo 3 rounds, its own window in the first");
    }

    @Test
    void whereEveryServerHasAsManyVariantsTheOwnAreMeasuredTogetherAndSoAreTheSameSettings() {
        // The calibration's spins on both servers of its A/A pair: no server is left for a partner window, and none is
        // needed (every runtime variant switched within its windows); each spin's two windows then see one machine.
        var rounds = DuetRounds.of(List.of(spin200b, spin50, control, spin200, control2, spin50b)); // the block's random order
        assertEquals(List.of("spin-200-b, spin-200", "control-2, control", "spin-50-b, spin-50"),
                rounds.stream().map(DuetRoundsTest::words).toList(), "in the order control-2's variants have in the block");
    }

    @Test
    void aSpinMeasuredTwiceABlockHasTwoRoundsEachWithItsWindowOnBothServers() {
        // A calibration with the 50-µs spin's second pair (spin-50-c, spin-50-d): a round of its own.
        var spin50c = resident("spin-50-c", "control", "50");
        var spin50d = resident("spin-50-d", "control-2", "50");
        var rounds = DuetRounds.of(List.of(spin50c, spin200b, control, spin50d, spin50, control2, spin200, spin50b));
        assertEquals(List.of("spin-50-c, spin-50-d", "control, control-2", "spin-50, spin-50-b", "spin-200, spin-200-b"),
                rounds.stream().map(DuetRoundsTest::words).toList(), "in the order control's variants have in the block");
    }

    @Test
    void withSeveralInstancesTheBusiestServersAreAlignedAndTheOthersMeasurePartnerWindows() {
        // --instances 2: control@2 and control-2@2 have no runtime variant, so they measure their own again as partners.
        var second = resident("control@2", "control@2");
        var second2 = resident("control-2@2", "control-2@2");
        var rounds = DuetRounds.of(List.of(spin50, second2, spin200b, control, second, control2, spin200, spin50b));
        assertEquals(List.of("spin-50, control-2@2 (partner), spin-50-b, control@2 (partner)",
                        "control, control-2@2, control-2, control@2",
                        "spin-200, control-2@2 (partner), spin-200-b, control@2 (partner)"),
                rounds.stream().map(DuetRoundsTest::words).toList());
    }

    @Test
    void aRuntimeVariantWithoutItsLikeOnTheOtherServerIsMeasuredBesideARuntimeVariantNotBesideTheOwn() {
        // The own variants stay together (the A/A pair is compared in the round where both are measured).
        var rounds = DuetRounds.of(List.of(spin50, control2, spin200b, control));
        assertEquals(List.of("spin-50, spin-200-b", "control, control-2"), rounds.stream().map(DuetRoundsTest::words).toList());
    }

    @Test
    void withoutRuntimeVariantsABlockIsOneRound() {
        var rounds = DuetRounds.of(List.of(resident("b", "b"), resident("a", "a")));
        assertEquals(List.of("b, a"), rounds.stream().map(DuetRoundsTest::words).toList());
    }

    private static String words(List<DuetRounds.Window> round) {
        return String.join(", ", round.stream().map(w -> w.name() + (w.partner() ? " (partner)" : "")).toList());
    }

    private static ResidentVariant resident(String name, String server) {
        return new ResidentVariant(Variant.named(name, null), null, "db", server, ResidentVariant.Switcher.NONE);
    }

    private static ResidentVariant resident(String name, String server, String spinMicros) {
        var v = new Variant(name, null, "baseline", Map.of("order.calibration.spin-micros", spinMicros), null, null, null, null,
                null, null, null, null, server);
        return new ResidentVariant(v, null, "db", server, ResidentVariant.Switcher.NONE);
    }
}
