package org.orderapp.stack;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.orderapp.stack.layout.ServerAddress;
import org.orderapp.stack.tls.ServerCertificate;
import org.orderapp.stack.tls.TlsSource;

/**
 * The HTTPS of a stack's server: the certificate it serves, made ready in the options' tls folder, and the system
 * properties and environment that give it to the server; none for plain HTTP.
 */
final class ServerHttps {

    private static final ServerHttps PLAIN = new ServerHttps(null);

    private final ServerCertificate certificate;

    private ServerHttps(ServerCertificate certificate) {
        this.certificate = certificate;
    }

    /**
     * The stack's options may name the certificate; order.tls.enabled=true alone among the properties (an
     * experiment's variant) gets the folder's made certificate; with a key store of its own (order.tls.key-store, its
     * password in the caller's environment) the server is left to it.
     *
     * @param given      the certificate the options name; null: as the properties say
     * @param properties the server's system properties, the profile's and the run's
     * @param home       the folder the certificate and key store are kept in
     */
    static ServerHttps prepare(TlsSource given, List<String> properties, int httpPort, int nodes, Path home, Consumer<String> say)
            throws IOException {
        boolean ownKeyStore = properties.stream().anyMatch(p -> p.startsWith("order.tls.key-store="));
        TlsSource tls = given != null ? given
                : ServerAddress.of(httpPort, properties).tls() && !ownKeyStore ? TlsSource.generated() : null;
        if (tls == null) {
            return PLAIN;
        }
        if (nodes > 1) {
            throw new IllegalArgumentException("HTTPS is served by a single server for now, not by a cluster's load balancer");
        }
        ServerCertificate made;
        try {
            made = tls.prepare(home);
        } catch (IOException unusable) {
            if (tls.isGiven()) { // the user's files: said as a mistake of the command line
                throw new IllegalArgumentException(unusable.getMessage(), unusable);
            }
            throw unusable;
        }
        say.accept("Server: HTTPS with " + (tls.isGiven() ? "the certificate " + tls.certificate() : "the certificate made for "
                + home) + " (" + made.describe() + ")");
        return new ServerHttps(made);
    }

    /** The certificate the server serves; null for plain HTTP. */
    ServerCertificate certificate() {
        return certificate;
    }

    /**
     * The certificate's system properties, then the run's: after them, so that a -D given for the run still wins
     * (order.tls.redirect=false).
     */
    List<String> beforeRun(List<String> runProperties) {
        if (certificate == null) {
            return runProperties;
        }
        var properties = new ArrayList<>(certificate.serverProperties());
        properties.addAll(runProperties);
        return properties;
    }

    /** The server's environment: the key store's password under HTTPS, nothing otherwise. */
    Map<String, String> environment() {
        return certificate == null ? Map.of() : certificate.environment();
    }
}
