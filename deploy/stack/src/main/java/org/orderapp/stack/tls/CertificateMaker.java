package org.orderapp.stack.tls;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Makes a data folder's certificate with keytool from the JDK that runs ./order: a self-signed EC (P-256) key pair
 * for localhost and 127.0.0.1, valid 825 days, in a PKCS12 key store. keytool takes the password from its
 * environment (-storepass:env), so it is on no command line.
 */
final class CertificateMaker {

    static final String SUBJECT = "CN=localhost, OU=made by ./order run, O=Order";
    static final String SUBJECT_ALTERNATIVE_NAMES = "SAN=dns:localhost,ip:127.0.0.1";
    private static final int VALIDITY_DAYS = 825;
    private static final long TIMEOUT_SECONDS = 120;

    private CertificateMaker() {
    }

    /** The folder's key store, made now if it has none. */
    static ServerCertificate keptOrMade(Path folder, String password) throws IOException {
        Path store = folder.resolve(ServerCertificate.GENERATED_STORE);
        if (!Files.isRegularFile(store)) {
            make(store, password);
        }
        ServerCertificate.ownerOnly(store);
        return ServerCertificate.of(store, password, folder);
    }

    private static void make(Path store, String password) throws IOException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Path partial = store.resolveSibling(store.getFileName() + ".partial");
        Files.deleteIfExists(partial);
        Path log = store.resolveSibling("keytool.log");
        var builder = new ProcessBuilder(List.of(keytool.toString(), "-genkeypair", "-noprompt",
                "-alias", ServerCertificate.ALIAS, "-keyalg", "EC", "-groupname", "secp256r1", "-sigalg", "SHA256withECDSA",
                "-validity", Integer.toString(VALIDITY_DAYS), "-dname", SUBJECT, "-ext", SUBJECT_ALTERNATIVE_NAMES,
                "-storetype", "PKCS12", "-keystore", partial.toString(), "-storepass:env", ServerCertificate.PASSWORD_VARIABLE))
                .redirectErrorStream(true).redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().put(ServerCertificate.PASSWORD_VARIABLE, password);
        Process keytoolRun = builder.start();
        try {
            if (!keytoolRun.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                keytoolRun.destroyForcibly();
                throw new IOException("keytool did not make the certificate within " + TIMEOUT_SECONDS + " s; see " + log);
            }
        } catch (InterruptedException e) {
            keytoolRun.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while making the certificate", e);
        }
        if (keytoolRun.exitValue() != 0 || !Files.isRegularFile(partial)) {
            throw new IOException("keytool could not make the certificate: " + Files.readString(log).strip());
        }
        ServerCertificate.ownerOnly(partial);
        Files.move(partial, store);
        Files.deleteIfExists(log);
    }
}
