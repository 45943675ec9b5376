package org.orderapp.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** --java-home: a folder that is no JDK is refused, naming the option; none given is the default JDK. */
class JavaHomeOptionTest {

    @Test
    void aFolderWithoutJavaIsRefusedNamingTheOption(@TempDir Path dir) throws Exception {
        var option = new JavaHomeOption();
        new CommandLine(option).parseArgs("--java-home", dir.toString());
        var e = assertThrows(IllegalArgumentException.class, option::resolve);
        assertEquals("--java-home: no JDK in " + dir + ": it has no executable bin/java", e.getMessage());
        new CommandLine(option).parseArgs("--java-home", dir.resolve("missing").toString());
        assertTrue(assertThrows(IllegalArgumentException.class, option::resolve).getMessage().endsWith("no such directory"));
    }

    @Test
    void noneGivenIsTheDefaultJdk() {
        var option = new JavaHomeOption();
        new CommandLine(option).parseArgs();
        assertEquals(null, option.given());
        assertTrue(Files.isExecutable(option.resolve().home().resolve("bin/java")));
    }

    @Test
    void theCommandsThatStartServersTakeIt() {
        var order = new CommandLine(new OrderCommand());
        for (String command : new String[] {"run", "experiment"}) {
            assertTrue(order.getSubcommands().get(command).getCommandSpec().findOption("--java-home") != null, command);
        }
    }
}
