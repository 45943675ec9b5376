package org.orderapp.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.driver.settings.LoadOptions;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.lab.experiment.Variant;
import org.orderapp.stack.admin.AdminCredentials;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerProfile;
import org.orderapp.target.Target;
import picocli.CommandLine;

/**
 * --allow-unsafe-durability: off unless given; given, every server run and experiment start gets the property that
 * lets the application start on a database that may lose committed transactions, and the help says what that risks.
 */
class UnsafeDurabilityOptionTest {

    private static final String PROPERTY = Target.ALLOW_UNSAFE_DURABILITY + "=true";

    @Test
    void runPassesThePropertyToItsServersOnlyWhenGiven(@TempDir Path dir) {
        assertEquals(List.of("order.services.batch-size=1", PROPERTY), stackProperties(dir, "--allow-unsafe-durability",
                "-D", "order.services.batch-size=1"));
        assertEquals(List.of("order.services.batch-size=1"), stackProperties(dir, "-D", "order.services.batch-size=1"));
    }

    private static final ExperimentDefinition TWO = new ExperimentDefinition("jdk", "a against b", null, null, null, null,
            java.util.Map.of(), null, null, List.of(Variant.named("a", null), Variant.named("b", null)));

    @Test
    void experimentPassesItToItsRunnersAndNamesItInTheCommandItRecords(@TempDir Path dir) {
        var layout = new ProjectLayout(dir);
        var allowed = new ExperimentCommand();
        LoadOptions.commandLine(allowed).parseArgs("jdk", "--allow-unsafe-durability");
        assertTrue(allowed.settings(layout, "c").allowUnsafeDurability());
        assertTrue(allowed.commandLine("jdk", TWO).endsWith(" --allow-unsafe-durability"), allowed.commandLine("jdk", TWO));

        var checked = new ExperimentCommand();
        LoadOptions.commandLine(checked).parseArgs("jdk");
        assertFalse(checked.settings(layout, "c").allowUnsafeDurability());
        assertFalse(checked.commandLine("jdk", TWO).contains("durability"), checked.commandLine("jdk", TWO));
    }

    @Test
    void theCommandsThatStartServersTakeItAndSayWhatItRisks() {
        var order = new CommandLine(new OrderCommand());
        for (String command : new String[] {"run", "experiment"}) {
            var option = order.getSubcommands().get(command).getCommandSpec().findOption("--allow-unsafe-durability");
            assertTrue(option != null, command);
            String help = String.join(" ", option.description());
            assertTrue(help.contains("may lose committed transactions") && help.contains("-D " + PROPERTY)
                    && help.contains("compare with no durable run"), help);
        }
        // load drives a server another command started: that server's own property is what its report records.
        assertNull(order.getSubcommands().get("load").getCommandSpec().findOption("--allow-unsafe-durability"));
    }

    private static List<String> stackProperties(Path dir, String... args) {
        var run = new RunCommand();
        LoadOptions.commandLine(run).parseArgs(args);
        return run.stackOptions(new ProjectLayout(dir), dir.resolve("var"), new ServerProfile("baseline", "order.xml", List.of()), 8080,
                new AdminCredentials("admin", "secret"), null, null).serverProperties();
    }
}
