package org.orderapp.launcher;

import java.nio.file.Path;
import org.orderapp.stack.tls.ServerCertificate;
import org.orderapp.stack.tls.TlsSource;
import picocli.CommandLine.Option;

/** --tls, --tls-cert, --tls-key: ./order run serves HTTPS, with a certificate made for its data or the user's own. */
public class TlsOptions {

    @Option(names = "--tls", description = {"Serve HTTPS (port 8443 moved by the port offset) with a certificate made for the "
            + "data folder on first use (keytool; tls/ in the state folder, its key store's password owner-only beside it), "
            + "and redirect plain HTTP to it. The printed URLs become https; ./order load and the other commands trust "
            + "tls/" + ServerCertificate.CERTIFICATE_FILE + " by themselves. A single server only: refused with --nodes above 1 "
            + "(the cluster's load balancer has no HTTPS listener)."})
    boolean tls;

    @Option(names = "--tls-cert", paramLabel = "FILE",
            description = "Serve HTTPS with this certificate (PEM, its chain after it; implies --tls); needs --tls-key.")
    Path certificate;

    @Option(names = "--tls-key", paramLabel = "FILE",
            description = "The private key of --tls-cert (PEM: PKCS#8, PKCS#1 or SEC 1, unencrypted).")
    Path key;

    /** The option that asks for HTTPS (--tls, or a certificate or key of the user's); null when none does. */
    String askedBy() {
        return tls ? "--tls" : certificate != null ? "--tls-cert" : key != null ? "--tls-key" : null;
    }

    /** The certificate to serve HTTPS with; null for plain HTTP. */
    TlsSource source() {
        if (certificate != null || key != null) {
            return TlsSource.given(certificate, key);
        }
        return tls ? TlsSource.generated() : null;
    }
}
