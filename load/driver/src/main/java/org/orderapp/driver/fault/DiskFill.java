package org.orderapp.driver.fault;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The fault db-disk-full: the filesystem of the database's data directory filled by a file of its own for the fault's
 * duration, then the file removed. Only a filesystem mounted on the data directory itself is filled (an experiment's
 * stack mounts one for the fault), and only a small one: filling the machine's disk would hurt everything on it. The
 * data directory is mariadbd's working directory (it changes to it at start), found from its process.
 */
final class DiskFill {

    /** The file that takes the space, in the data directory, where mariadbd ignores a plain file. */
    static final String FILE = "order-disk-full.fill";
    /** The largest filesystem filled: a small one of the database's own. */
    static final long MAX_BYTES = 16L << 30;
    private static final int CHUNK = 1 << 20;

    private final Fault fault;
    private final FaultJournal journal;
    private final Optional<Long> databasePid;

    DiskFill(Fault fault, FaultJournal journal, Optional<Long> databasePid) {
        this.fault = fault;
        this.journal = journal;
        this.databasePid = databasePid;
    }

    void fill() {
        double start = journal.seconds();
        String label = fault.kind().label();
        Path data;
        try {
            data = dataDirectory();
        } catch (IOException e) {
            journal.record(new FaultEvent(label, start, start, "the database's data directory", "not injected: "
                    + e.getMessage(), null, 0));
            return;
        }
        Path fill = data.resolve(FILE);
        String what = "the filesystem of " + data;
        long filled;
        try {
            filled = fillUp(fill);
        } catch (IOException e) {
            remove(fill);
            journal.record(new FaultEvent(label, start, start, what, "not injected: " + e.getMessage(), null, 0));
            return;
        }
        Runnable empty = () -> remove(fill);
        journal.atEnd(empty);
        journal.say(String.format(Locale.ROOT, "Fault %s at %.1f s: %s filled (%d MiB written) for %d s", label, start, what,
                filled >> 20, fault.duration().toSeconds()));
        String outcome = String.format(Locale.ROOT, "filled (%d MiB)", filled >> 20);
        int index = journal.record(new FaultEvent(label, start, Double.NaN, what, outcome, null, 0));
        journal.later(fault.duration(), () -> {
            journal.undo(empty);
            double end = journal.seconds();
            journal.update(index, new FaultEvent(label, start, end, what, outcome + ", emptied", null, 0));
            journal.say(String.format(Locale.ROOT, "Fault %s: %s emptied at %.1f s", label, what, end));
        });
    }

    /** mariadbd's working directory, when it is the mount point of a small filesystem. */
    private Path dataDirectory() throws IOException {
        if (databasePid.isEmpty()) {
            throw new IOException("the database is not a process of this machine");
        }
        Path data = Files.readSymbolicLink(Path.of("/proc", Long.toString(databasePid.get()), "cwd"));
        FileStore store = Files.getFileStore(data);
        if (store.equals(Files.getFileStore(data.getParent()))) {
            throw new IOException("the database's data directory " + data + " is not on a filesystem of its own (an "
                    + "experiment's stack mounts one when its load has this fault, as root); the machine's disk is not filled");
        }
        if (store.getTotalSpace() > MAX_BYTES) {
            throw new IOException(String.format(Locale.ROOT, "the filesystem of %s has %d GiB, more than the %d GiB this "
                    + "fault fills", data, store.getTotalSpace() >> 30, MAX_BYTES >> 30));
        }
        return data;
    }

    /**
     * Allocates the free space with fallocate (no data written, at once), then writes what is left until the
     * filesystem refuses: nothing is free afterwards.
     */
    private static long fillUp(Path fill) throws IOException {
        long free = Files.getFileStore(fill.getParent()).getUsableSpace();
        run(List.of("fallocate", "-l", Long.toString(Math.max(CHUNK, free - 16L * CHUNK)), fill.toString()));
        try (FileChannel out = FileChannel.open(fill, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ByteBuffer chunk = ByteBuffer.allocate(64 * 1024);
            while (true) {
                chunk.clear();
                out.write(chunk);
            }
        } catch (IOException full) {
            // No space left on device: filled
        }
        return Files.size(fill);
    }

    private static void remove(Path fill) {
        try {
            Files.deleteIfExists(fill);
        } catch (IOException e) {
            System.err.println("Removing " + fill + " failed: " + e.getMessage());
        }
    }

    private static void run(List<String> command) throws IOException {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes()).trim();
            if (p.waitFor() != 0) {
                throw new IOException(String.join(" ", command) + " failed: " + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + String.join(" ", command), e);
        }
    }
}
