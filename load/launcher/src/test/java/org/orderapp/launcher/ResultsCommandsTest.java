package org.orderapp.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.driver.settings.LoadOptions;
import picocli.CommandLine;

/** report, compare and history refuse what they cannot read with a message that says what they need. */
class ResultsCommandsTest {

    @Test
    void compareNeedsTwoRunsOrMore(@TempDir Path folder) {
        var result = execute("compare", folder.toString());
        assertEquals(2, result.status());
        assertTrue(result.err().contains("compare needs two run folders or more"), result.err());
    }

    @Test
    void aFolderThatIsNotARunIsNamed(@TempDir Path folder) {
        var result = execute("report", folder.toString());
        assertEquals(1, result.status());
        assertTrue(result.err().contains("is not a run folder: it holds no summary.json"), result.err());
    }

    @Test
    void historyNamesTheMetricsItHas(@TempDir Path folder) {
        var result = execute("history", "--file", folder.resolve("history.csv").toString(), "--metric", "tps");
        assertEquals(2, result.status());
        assertTrue(result.err().contains("there are tx_per_s, p99_ms"), result.err());
    }

    @Test
    void anOtavaFolderThatCannotBeWrittenIsNamedWithItsReason(@TempDir Path folder) throws Exception {
        Path history = java.nio.file.Files.writeString(folder.resolve("history.csv"), String.join(",",
                org.orderapp.driver.report.RunHistory.COLUMNS) + "\n2026-11-01T10:00:00Z,c1,closed,aaaa,closed,20,100.0,50.0,1.0,1.0,0.1,run1\n");
        Path blocked = java.nio.file.Files.writeString(folder.resolve("a-file"), "");
        var result = execute("history", "--file", history.toString(), "--metric", "tx_per_s", "--otava", blocked.resolve("otava").toString());
        assertEquals(1, result.status());
        assertTrue(result.err().contains("the Otava files could not be written to " + blocked.resolve("otava")), result.err());
    }

    private record Result(int status, String err) {
    }

    private static Result execute(String... args) {
        var err = new StringWriter();
        CommandLine order = LoadOptions.commandLine(new OrderCommand());
        order.setErr(new PrintWriter(err));
        order.setExecutionExceptionHandler((e, cl, parseResult) -> {
            cl.getErr().println(e.getMessage());
            return 1;
        });
        return new Result(order.execute(args), err.toString());
    }
}
