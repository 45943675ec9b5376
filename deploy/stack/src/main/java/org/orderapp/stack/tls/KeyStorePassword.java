package org.orderapp.stack.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import org.orderapp.stack.layout.Folders;

/**
 * The key stores' password of a data folder: random, made on first use and kept in the folder, readable by the
 * owner only (as var/admin-password). It reaches keytool and the server through their environment, never a command
 * line, and is never printed.
 */
final class KeyStorePassword {

    static final String FILE = "keystore-password";
    private static final int RANDOM_BYTES = 24;

    private KeyStorePassword() {
    }

    static String of(Path folder) throws IOException {
        Path file = folder.resolve(FILE);
        if (Files.isRegularFile(file)) {
            String kept = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (!kept.isEmpty()) {
                return kept;
            }
        }
        byte[] random = new byte[RANDOM_BYTES];
        new SecureRandom().nextBytes(random);
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        Folders.writeOwnerOnly(file, password + "\n");
        return password;
    }
}
