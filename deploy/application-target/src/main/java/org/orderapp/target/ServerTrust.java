package org.orderapp.target;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Whom the tools believe when they speak HTTPS to the application: the JDK's certificate authorities, or exactly the
 * certificates of one file (PEM or DER), as curl's --cacert does: the certificate ./order run made for its server,
 * or one the user names with --trust. The one place every HTTP client of the tooling takes its SSLContext from.
 */
public final class ServerTrust {

    private static final ServerTrust SYSTEM = new ServerTrust(List.of(), null);

    private final List<Certificate> certificates;
    private final Path file;
    private SSLContext context;

    private ServerTrust(List<Certificate> certificates, Path file) {
        this.certificates = certificates;
        this.file = file;
    }

    /** The JDK's certificate authorities (cacerts), as any Java client. */
    public static ServerTrust system() {
        return SYSTEM;
    }

    /** Exactly the certificates in the file (one or more, PEM or DER), and nothing else. */
    public static ServerTrust of(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            var certificates = new ArrayList<Certificate>(CertificateFactory.getInstance("X.509").generateCertificates(in));
            if (certificates.isEmpty()) {
                throw new IOException(file + " holds no certificate");
            }
            return new ServerTrust(List.copyOf(certificates), file);
        } catch (GeneralSecurityException e) {
            throw new IOException(file + " holds no readable certificate: " + e.getMessage(), e);
        }
    }

    /** The certificates' file; null for the JDK's authorities. */
    public Path file() {
        return file;
    }

    /** A TLS context that trusts what this trust names (the JDK's default context for the system's authorities). */
    public synchronized SSLContext sslContext() {
        if (context == null) {
            try {
                if (certificates.isEmpty()) {
                    context = SSLContext.getDefault();
                } else {
                    var store = KeyStore.getInstance(KeyStore.getDefaultType());
                    store.load(null, null);
                    for (int i = 0; i < certificates.size(); i++) {
                        store.setCertificateEntry("trusted-" + i, certificates.get(i));
                    }
                    var factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                    factory.init(store);
                    context = SSLContext.getInstance("TLS");
                    context.init(null, factory.getTrustManagers(), null);
                }
            } catch (GeneralSecurityException | IOException e) {
                throw new IllegalStateException("no TLS context for " + this + ": " + e.getMessage(), e);
            }
        }
        return context;
    }

    @Override
    public String toString() {
        return file == null ? "the JDK's certificate authorities" : "the certificate in " + file;
    }
}
