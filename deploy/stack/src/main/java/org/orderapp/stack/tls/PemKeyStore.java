package org.orderapp.stack.tls;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The user's certificate chain and private key, both PEM, made into the PKCS12 key store the server reads. The key
 * may be PKCS#8 (BEGIN PRIVATE KEY, what openssl writes by default), PKCS#1 (BEGIN RSA PRIVATE KEY) or SEC 1 (BEGIN EC
 * PRIVATE KEY); an encrypted key is refused, and so is a key that is not the certificate's.
 */
final class PemKeyStore {

    private static final Pattern KEY = Pattern.compile("-----BEGIN ([A-Z ]*)PRIVATE KEY-----([^-]*)-----END \\1PRIVATE KEY-----");

    private PemKeyStore() {
    }

    static ServerCertificate write(Path certificateFile, Path keyFile, Path store, String password, Path folder) throws IOException {
        Certificate[] chain = chain(certificateFile);
        PrivateKey key = key(keyFile, chain[0]);
        try {
            var keyStore = KeyStore.getInstance("PKCS12");
            keyStore.load(null, null);
            keyStore.setKeyEntry(ServerCertificate.ALIAS, key, password.toCharArray(), chain);
            Files.deleteIfExists(store);
            Files.createFile(store);
            ServerCertificate.ownerOnly(store);
            try (OutputStream out = Files.newOutputStream(store)) {
                keyStore.store(out, password.toCharArray());
            }
        } catch (GeneralSecurityException e) {
            throw new IOException("the certificate " + certificateFile + " and key " + keyFile + " make no key store: " + e.getMessage(), e);
        }
        return ServerCertificate.of(store, password, folder);
    }

    private static Certificate[] chain(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            Certificate[] chain = CertificateFactory.getInstance("X.509").generateCertificates(in).toArray(new Certificate[0]);
            if (chain.length == 0) {
                throw new IOException("--tls-cert " + file + " holds no certificate");
            }
            return chain;
        } catch (GeneralSecurityException e) {
            throw new IOException("--tls-cert " + file + " holds no readable PEM certificate: " + e.getMessage(), e);
        }
    }

    private static PrivateKey key(Path file, Certificate leaf) throws IOException {
        Matcher pem = KEY.matcher(Files.readString(file, StandardCharsets.US_ASCII));
        if (!pem.find()) {
            throw new IOException("--tls-key " + file + " holds no PEM private key");
        }
        String kind = pem.group(1).strip();
        if (kind.equals("ENCRYPTED")) {
            throw new IOException("--tls-key " + file + " is encrypted; give it decrypted (openssl pkey -in KEY -out PLAIN), "
                    + "readable by you only");
        }
        byte[] der = Base64.getMimeDecoder().decode(pem.group(2));
        // PKCS#1 and SEC 1 keys are the inner part of a PKCS#8 key, whose algorithm is the certificate's public key's.
        byte[] pkcs8 = kind.isEmpty() ? der : Der.pkcs8(Der.algorithmIdentifier(leaf.getPublicKey().getEncoded()), der);
        String algorithm = leaf.getPublicKey().getAlgorithm();
        PrivateKey key;
        try {
            key = KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IOException("--tls-key " + file + " is no " + algorithm + " private key of the certificate's kind: " + e.getMessage(), e);
        }
        if (!matches(key, leaf)) {
            throw new IOException("--tls-key " + file + " is not the private key of the certificate's public key");
        }
        return key;
    }

    /** Whether the key signs what the certificate's public key verifies. */
    private static boolean matches(PrivateKey key, Certificate leaf) throws IOException {
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            default -> key.getAlgorithm(); // EdDSA: Ed25519, Ed448
        };
        try {
            byte[] probe = new byte[32];
            new SecureRandom().nextBytes(probe);
            var signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(probe);
            byte[] signature = signer.sign();
            var verifier = Signature.getInstance(algorithm);
            verifier.initVerify(leaf.getPublicKey());
            verifier.update(probe);
            return verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot check the key against the certificate: " + e.getMessage(), e);
        }
    }

    /** Just enough DER to wrap a key: the lengths of a SEQUENCE's elements, and writing one. */
    static final class Der {

        private Der() {
        }

        /** The AlgorithmIdentifier of a SubjectPublicKeyInfo: its first element, as encoded. */
        static byte[] algorithmIdentifier(byte[] subjectPublicKeyInfo) {
            int[] outer = header(subjectPublicKeyInfo, 0);
            int start = outer[0];
            int[] inner = header(subjectPublicKeyInfo, start);
            return Arrays.copyOfRange(subjectPublicKeyInfo, start, inner[0] + inner[1]);
        }

        /** PrivateKeyInfo: SEQUENCE { INTEGER 0, algorithm, OCTET STRING key }. */
        static byte[] pkcs8(byte[] algorithm, byte[] key) {
            var body = new ByteArrayOutputStream();
            body.writeBytes(new byte[] {0x02, 0x01, 0x00});
            body.writeBytes(algorithm);
            body.writeBytes(element(0x04, key));
            return element(0x30, body.toByteArray());
        }

        /** {start of content, content length} of the element at offset. */
        private static int[] header(byte[] der, int offset) {
            int length = der[offset + 1] & 0xff;
            int start = offset + 2;
            if (length > 0x7f) {
                int bytes = length & 0x7f;
                length = 0;
                for (int i = 0; i < bytes; i++) {
                    length = (length << 8) | (der[start + i] & 0xff);
                }
                start += bytes;
            }
            return new int[] {start, length};
        }

        private static byte[] element(int tag, byte[] content) {
            var out = new ByteArrayOutputStream();
            out.write(tag);
            int n = content.length;
            if (n < 0x80) {
                out.write(n);
            } else {
                byte[] length = java.math.BigInteger.valueOf(n).toByteArray();
                int skip = length[0] == 0 ? 1 : 0;
                out.write(0x80 | (length.length - skip));
                out.write(length, skip, length.length - skip);
            }
            out.writeBytes(content);
            return out.toByteArray();
        }
    }
}
