package org.orderapp.stack.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TlsSourceTest {

    @TempDir
    Path dir;

    @Test
    void aCertificateIsMadeOnceForTheFolderForLocalhostAndKeptOwnerOnly() throws Exception {
        Path folder = dir.resolve("tls");
        ServerCertificate made = TlsSource.generated().prepare(folder);

        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(made.keyStore())));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder.resolve(KeyStorePassword.FILE))));
        assertEquals(made.password(), Files.readString(folder.resolve(KeyStorePassword.FILE)).strip());
        assertTrue(made.password().length() >= 32, "a long random password");
        assertTrue(!made.toString().contains(made.password()), "never printed");

        X509Certificate leaf = leaf(made);
        assertEquals(List.of(List.of(2, "localhost"), List.of(7, "127.0.0.1")), leaf.getSubjectAlternativeNames().stream().toList());
        assertEquals(made.certificate(), made.trust().file());
        assertEquals(List.of("order.tls.enabled=true", "order.tls.redirect=true", "order.tls.key-store=" + made.keyStore()),
                made.serverProperties());
        assertEquals(List.of(ServerCertificate.PASSWORD_VARIABLE), List.copyOf(made.environment().keySet()));

        ServerCertificate again = TlsSource.generated().prepare(folder);
        assertEquals(leaf, leaf(again), "the same certificate at the next start, so that a client's trust holds");
        assertEquals(made.password(), again.password());
    }

    @Test
    void theUsersPemCertificateAndKeyBecomeTheServersKeyStore() throws Exception {
        ServerCertificate own = TlsSource.generated().prepare(dir.resolve("made"));
        Path certificate = dir.resolve("cert.pem");
        Files.copy(own.certificate(), certificate);
        Path key = dir.resolve("key.pem");
        Files.writeString(key, pem("PRIVATE KEY", privateKey(own).getEncoded()));

        ServerCertificate given = TlsSource.given(certificate, key).prepare(dir.resolve("tls"));

        assertEquals(dir.resolve("tls").resolve(ServerCertificate.GIVEN_STORE), given.keyStore());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(given.keyStore())));
        assertEquals(leaf(own), leaf(given));
        assertArrayEquals(privateKey(own).getEncoded(), privateKey(given).getEncoded());
    }

    @Test
    void aKeyThatIsNotTheCertificatesOrIsEncryptedIsRefused() throws Exception {
        ServerCertificate one = TlsSource.generated().prepare(dir.resolve("one"));
        ServerCertificate other = TlsSource.generated().prepare(dir.resolve("other"));
        Path key = dir.resolve("key.pem");
        Files.writeString(key, pem("PRIVATE KEY", privateKey(other).getEncoded()));
        var wrong = assertThrows(java.io.IOException.class, () -> TlsSource.given(one.certificate(), key).prepare(dir.resolve("tls")));
        assertTrue(wrong.getMessage().contains("is not the private key of the certificate"), wrong.getMessage());

        Files.writeString(key, pem("ENCRYPTED PRIVATE KEY", new byte[] {1, 2, 3}));
        var encrypted = assertThrows(java.io.IOException.class, () -> TlsSource.given(one.certificate(), key).prepare(dir.resolve("tls")));
        assertTrue(encrypted.getMessage().contains("is encrypted"), encrypted.getMessage());
    }

    @Test
    void aSec1KeyIsWrappedWithTheCertificatesAlgorithm() throws Exception {
        ServerCertificate own = TlsSource.generated().prepare(dir.resolve("made"));
        byte[] pkcs8 = privateKey(own).getEncoded();
        // PrivateKeyInfo's last element is the OCTET STRING holding the SEC 1 key: the key's last bytes.
        byte[] sec1 = sec1Of(pkcs8);
        Path key = dir.resolve("key.pem");
        Files.writeString(key, pem("EC PRIVATE KEY", sec1));
        ServerCertificate given = TlsSource.given(own.certificate(), key).prepare(dir.resolve("tls"));
        assertEquals(leaf(own), leaf(given));
    }

    private static byte[] sec1Of(byte[] pkcs8) {
        // SEQUENCE { INTEGER 0, SEQUENCE algorithm, OCTET STRING key }: skip to the OCTET STRING (tag 0x04) after the algorithm.
        int i = pkcs8[1] < 0 ? 2 + (pkcs8[1] & 0x7f) : 2; // the outer header
        i += 3; // INTEGER 0
        i += 2 + (pkcs8[i + 1] & 0xff); // the algorithm (short form)
        int length = pkcs8[i + 1] & 0xff;
        int start = i + 2;
        if (length > 0x7f) {
            int bytes = length & 0x7f;
            length = 0;
            for (int b = 0; b < bytes; b++) {
                length = (length << 8) | (pkcs8[start + b] & 0xff);
            }
            start += bytes;
        }
        return java.util.Arrays.copyOfRange(pkcs8, start, start + length);
    }

    private static String pem(String kind, byte[] der) {
        return "-----BEGIN " + kind + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + kind + "-----\n";
    }

    private static X509Certificate leaf(ServerCertificate c) throws Exception {
        return (X509Certificate) store(c).getCertificate(ServerCertificate.ALIAS);
    }

    private static PrivateKey privateKey(ServerCertificate c) throws Exception {
        return (PrivateKey) store(c).getKey(ServerCertificate.ALIAS, c.password().toCharArray());
    }

    private static KeyStore store(ServerCertificate c) throws Exception {
        var store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(c.keyStore())) {
            store.load(in, c.password().toCharArray());
        }
        return store;
    }
}
