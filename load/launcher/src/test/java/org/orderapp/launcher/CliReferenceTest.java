package org.orderapp.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.orderapp.driver.settings.LoadOptions;
import picocli.CommandLine;

/**
 * docs/cli.md is every command's help as picocli renders it from the commands as built; this test writes it again and
 * fails when the page in the checkout differs, saying how to bring it up to date.
 */
class CliReferenceTest {

    private static final Path PAGE = Path.of("../../docs/cli.md").toAbsolutePath().normalize();
    /** -Dorder.cli.regenerate=true writes the page instead of comparing. */
    private static final String REGENERATE = "order.cli.regenerate";
    /** A fixed width, so the page does not depend on the terminal the build ran in. */
    private static final int WIDTH = 110;

    @Test
    void theCliReferenceMatchesTheCommandsAsBuilt() throws IOException {
        String page = reference(LoadOptions.commandLine(new OrderCommand()));
        if (Boolean.getBoolean(REGENERATE)) {
            Files.writeString(PAGE, page, StandardCharsets.UTF_8);
            return;
        }
        assertTrue(Files.exists(PAGE), "no " + PAGE.getFileName() + ": " + howToRegenerate());
        assertEquals(Files.readString(PAGE, StandardCharsets.UTF_8), page,
                "docs/cli.md is out of date with the commands: " + howToRegenerate());
    }

    @Test
    void theCompletionScriptCompletesEveryCommand() {
        var out = new java.io.StringWriter();
        var order = LoadOptions.commandLine(new OrderCommand());
        order.setOut(new java.io.PrintWriter(out));
        var saved = System.out;
        var bytes = new java.io.ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, order.execute("completion"));
        } finally {
            System.setOut(saved);
        }
        String script = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(script.contains("complete -F _complete_order") && script.contains("compare") && script.contains("--metric"),
                script.substring(0, Math.min(400, script.length())));
    }

    private static String howToRegenerate() {
        return "write it again with ./mvnw -o -q test -pl load/launcher -am -Dsurefire.failIfNoSpecifiedTests=false "
                + "-Dtest=CliReferenceTest -D" + REGENERATE + "=true, and commit docs/cli.md";
    }

    /** The page: an index, then each command's usage, depth first, as `./order COMMAND --help` prints it. */
    static String reference(CommandLine root) {
        var index = new StringBuilder();
        var body = new StringBuilder();
        walk(root, "./order", index, body);
        return "# Command line reference\n\n"
                + "Every `./order` command's help, generated from the commands themselves (picocli's model) by\n"
                + "`CliReferenceTest`, which fails when this page falls behind them. Bash completion: `source <(./order completion)`.\n\n"
                + index + "\n" + body.toString().stripTrailing() + "\n";
    }

    private static void walk(CommandLine command, String name, StringBuilder index, StringBuilder body) {
        if (command.getCommandSpec().usageMessage().hidden() || command.getCommand() instanceof CommandLine.HelpCommand) {
            return;
        }
        String anchor = name.replace("./", "").replace(' ', '-');
        index.append("  ".repeat(name.split(" ").length - 1)).append("- [`").append(name).append("`](#").append(anchor).append(")\n");
        command.setUsageHelpAutoWidth(false);
        command.setUsageHelpWidth(WIDTH);
        body.append("## ").append(name.replace("./", "")).append("\n\n```text\n")
                .append(command.getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing()).append("\n```\n\n");
        command.getSubcommands().values().stream().distinct().forEach(sub -> walk(sub, name + " " + sub.getCommandName(), index, body));
    }
}
