package org.orderapp.stack.tls;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.orderapp.target.ServerTrust;

/**
 * The certificate a server serves HTTPS with: its PKCS12 key store (owner-only) and the key store's password, which
 * the server reads from its environment (tls.cli), and the certificate chain as PEM beside them (public: what a
 * client trusts).
 */
public record ServerCertificate(Path keyStore, Path certificate, String password) {

    /** The variable tls.cli reads the key store's password from. */
    public static final String PASSWORD_VARIABLE = "ORDER_TLS_KEYSTORE_PASSWORD";
    static final String GENERATED_STORE = "generated.p12";
    static final String GIVEN_STORE = "given.p12";
    /** The chain the server serves, PEM: what ./order's clients trust. */
    public static final String CERTIFICATE_FILE = "server.crt";
    static final String ALIAS = "server";

    /** The server's system properties: HTTPS on with this key store, plain HTTP redirected to it. */
    public List<String> serverProperties() {
        return List.of("order.tls.enabled=true", "order.tls.redirect=true", "order.tls.key-store=" + keyStore);
    }

    /** The server's environment: the key store's password, kept off every command line. */
    public Map<String, String> environment() {
        return Map.of(PASSWORD_VARIABLE, password);
    }

    /** What a client of this server trusts: exactly this certificate. */
    public ServerTrust trust() throws IOException {
        return ServerTrust.of(certificate);
    }

    /** "CN=localhost, valid until …, SHA-256 AB:CD:…" for the console. */
    public String describe() throws IOException {
        try (InputStream in = Files.newInputStream(certificate)) {
            var leaf = (X509Certificate) java.security.cert.CertificateFactory.getInstance("X.509").generateCertificate(in);
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(leaf.getEncoded());
            return leaf.getSubjectX500Principal().getName() + ", valid until " + leaf.getNotAfter().toInstant()
                    + ", SHA-256 " + HexFormat.ofDelimiter(":").withUpperCase().formatHex(digest);
        } catch (GeneralSecurityException e) {
            throw new IOException(certificate + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "ServerCertificate[" + keyStore + ", " + certificate + "]"; // never the password
    }

    /** The certificate of a key store, read with its password. */
    static ServerCertificate of(Path keyStore, String password, Path folder) throws IOException {
        try (InputStream in = Files.newInputStream(keyStore)) {
            var store = KeyStore.getInstance("PKCS12");
            store.load(in, password.toCharArray());
            Certificate[] chain = store.getCertificateChain(ALIAS);
            if (chain == null) {
                throw new IOException(keyStore + " holds no key named " + ALIAS);
            }
            Path pem = folder.resolve(CERTIFICATE_FILE);
            writePem(pem, chain);
            return new ServerCertificate(keyStore, pem, password);
        } catch (GeneralSecurityException e) {
            throw new IOException(keyStore + " cannot be read with the password in " + folder.resolve(KeyStorePassword.FILE)
                    + " (" + e.getMessage() + "); delete both to make a new certificate", e);
        }
    }

    static void writePem(Path file, Certificate[] chain) throws IOException, GeneralSecurityException {
        var pem = new StringBuilder();
        var base64 = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII));
        for (Certificate c : chain) {
            pem.append("-----BEGIN CERTIFICATE-----\n").append(base64.encodeToString(c.getEncoded()))
                    .append("\n-----END CERTIFICATE-----\n");
        }
        Files.writeString(file, pem, StandardCharsets.US_ASCII);
    }

    /** Makes a file readable and writable by its owner only, where the file system has POSIX permissions. */
    static void ownerOnly(Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException noPosix) {
            // nothing to restrict
        }
    }
}
