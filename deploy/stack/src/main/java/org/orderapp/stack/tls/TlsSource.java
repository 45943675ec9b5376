package org.orderapp.stack.tls;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the server's certificate comes from: made for the data folder on its first use and kept there (generated),
 * or the user's own certificate chain and private key, both PEM (given).
 */
public record TlsSource(Path certificate, Path key) {

    /** A certificate made for the data folder, for localhost and 127.0.0.1. */
    public static TlsSource generated() {
        return new TlsSource(null, null);
    }

    /** The user's certificate (its chain, PEM, leaf first) and private key (PEM, unencrypted). */
    public static TlsSource given(Path certificate, Path key) {
        if (certificate == null || key == null) {
            throw new IllegalArgumentException("--tls-cert and --tls-key go together: the certificate and its private key");
        }
        return new TlsSource(certificate.toAbsolutePath(), key.toAbsolutePath());
    }

    public boolean isGiven() {
        return certificate != null;
    }

    /**
     * The server's key store and password in the folder: the generated certificate is made on first use and kept
     * (so that a client trusting it goes on trusting it), the given one is made into a key store at every start.
     */
    public ServerCertificate prepare(Path folder) throws IOException {
        Files.createDirectories(folder);
        try { // the key stores and their password are the owner's alone, from the moment they are written
            Files.setPosixFilePermissions(folder, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        } catch (UnsupportedOperationException noPosix) {
            // nothing to restrict
        }
        String password = KeyStorePassword.of(folder);
        if (isGiven()) {
            return PemKeyStore.write(certificate, key, folder.resolve(ServerCertificate.GIVEN_STORE), password, folder);
        }
        return CertificateMaker.keptOrMade(folder, password);
    }
}
