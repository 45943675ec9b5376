package org.orderapp.driver.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/** db-disk-full fills only a small filesystem mounted on the database's data directory, never the machine's disk. */
class DiskFillTest {

    @Test
    void aDataDirectoryOnTheMachinesDiskIsNotFilled() throws Exception {
        var timer = Executors.newSingleThreadScheduledExecutor();
        try {
            var journal = new FaultJournal(System.nanoTime(), new PrintStream(new ByteArrayOutputStream()), timer);
            // This process's working directory stands for mariadbd's: the build's folder, on no filesystem of its own.
            long self = ProcessHandle.current().pid();
            new DiskFill(new Fault(Fault.Kind.DB_DISK_FULL, Duration.ZERO, Duration.ofSeconds(1)), journal, Optional.of(self)).fill();
            FaultEvent event = journal.events().get(0);
            assertTrue(event.outcome().startsWith("not injected: ") && event.outcome().contains("not on a filesystem of its own"),
                    event.outcome());
            Path cwd = Path.of("").toAbsolutePath();
            assertTrue(Files.notExists(cwd.resolve(DiskFill.FILE)), "nothing written");

            new DiskFill(new Fault(Fault.Kind.DB_DISK_FULL, Duration.ZERO, Duration.ofSeconds(1)), journal, Optional.empty()).fill();
            assertEquals("not injected: the database is not a process of this machine", journal.events().get(1).outcome());
        } finally {
            timer.shutdownNow();
        }
    }

    @Test
    void whatIsToUndoIsUndoneOnce() {
        var journal = new FaultJournal(System.nanoTime(), System.out, null);
        int[] runs = {0};
        Runnable undo = () -> runs[0]++;
        journal.atEnd(undo);
        journal.undo(undo);
        journal.undoAll();
        journal.undo(undo);
        assertEquals(1, runs[0]);
    }
}
