package org.orderapp.lab.interleaved;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.lab.experiment.ExperimentDefinition;

/** Why an experiment keeps the method of rounds, as --list and the comparison say it. */
class MethodChoiceTest {

    @TempDir
    Path dir;

    private ExperimentDefinition read(String variants) throws Exception {
        return ExperimentDefinition.read(Files.writeString(dir.resolve("d.yaml"), "varies: the JDK\nvariants:\n" + variants));
    }

    @Test
    void anAotCacheIsAboutStartUpSoEveryRunStartsFresh() throws Exception {
        var d = read("  - name: plain\n    jdk: 25\n  - name: cached\n    jdk: 25\n    aot-cache: train-and-use\n");
        assertEquals(Optional.of("a variant with an AOT cache is about start-up: every run starts fresh"),
                MethodChoice.whyRounds(d, false, false));
        assertEquals(Optional.empty(), MethodChoice.whyRounds(read("  - name: a\n    jdk: 25\n  - name: b\n    jdk: 17\n"), false, false),
                "without one, interleaved");
    }

    @Test
    void theControlAloneRunsByRoundsAndIsRefusedToTheInterleavedMethod() throws Exception {
        var both = read("  - name: a\n    jdk: 25\n  - name: b\n    jdk: 17\n");
        var alone = both.only(java.util.List.of(both.controlOrDefault()));
        assertEquals(Optional.of("--rounds asks for the method of rounds"), MethodChoice.whyRoundsOrRefuse(alone, true, false));
        assertThrows(IllegalArgumentException.class, () -> MethodChoice.whyRoundsOrRefuse(alone, false, false));
    }
}
