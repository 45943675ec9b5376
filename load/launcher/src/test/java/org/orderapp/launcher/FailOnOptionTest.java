package org.orderapp.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.orderapp.driver.rules.FailOn;
import org.orderapp.driver.settings.LoadOptions;
import picocli.CommandLine;

/** --fail-on on load and experiment: the same words, read in any case, the default shown in --help. */
class FailOnOptionTest {

    @Test
    void loadAndExperimentTakeTheSameWords() {
        for (String command : List.of("load", "experiment")) {
            CommandLine order = LoadOptions.commandLine(new OrderCommand());
            CommandLine sub = order.getSubcommands().get(command);
            var option = sub.getCommandSpec().findOption("--fail-on");
            assertEquals(FailOn.words(), iterate(option.completionCandidates()), command);
            order.parseArgs(command, "--fail-on", "AUDIT");
            assertEquals(FailOn.AUDIT, option.getValue(), command);
            String help = sub.getUsageMessage(CommandLine.Help.Ansi.OFF).replaceAll("\\s+", " ");
            assertTrue(help.contains("When to exit 1: invalid, audit, never.") && help.contains("Default: invalid"), help);
        }
    }

    @Test
    void theDefaultIsInvalidAndAnUnknownWordIsRefused() {
        CommandLine order = LoadOptions.commandLine(new OrderCommand());
        order.parseArgs("load");
        assertEquals(FailOn.INVALID, order.getSubcommands().get("load").getCommandSpec().findOption("--fail-on").getValue());
        var e = org.junit.jupiter.api.Assertions.assertThrows(CommandLine.ParameterException.class,
                () -> LoadOptions.commandLine(new OrderCommand()).parseArgs("experiment", "x", "--fail-on", "sometimes"));
        assertTrue(e.getMessage().contains("'sometimes' is none of invalid, audit, never"), e.getMessage());
    }

    private static List<String> iterate(Iterable<String> words) {
        var list = new java.util.ArrayList<String>();
        words.forEach(list::add);
        return list;
    }
}
