package org.orderapp.server.http;

import io.undertow.security.api.SecurityContext;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.StatusCodes;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Locks out the client that guesses, not the user it guesses for. After {@code attempts} requests in a row from one
 * address whose credentials were refused (401), every request with credentials from that address is answered 429
 * with Retry-After for {@code seconds}, before anything checks them; a request whose credentials pass clears the
 * address's count. Anyone may send wrong passwords for the user admin: a lock-out of the user (Elytron's
 * brute-force mitigation, turned off for the admin realm in security.cli) would let them keep the administrator
 * out for good by sending a few every minute, whereas this one keeps out only their own address, and an
 * administrator elsewhere signs in as ever. Guessing stays slow: a handful of tries per address and minute, each a
 * bcrypt check. Requests without credentials pass untouched.
 * <p>
 * Each lock-out and each refused request is written to the admin audit log (logger
 * {@value #AUDIT_LOGGER}), as the application records its admin requests. Installed as a custom filter
 * (security.cli); WildFly sets the properties from the filter's parameters. The address is the connection's peer,
 * or what a proxy forwarded when the listener trusts it (proxy-address-forwarding).
 */
public final class ClientLockout implements HttpHandler {

    static final String AUDIT_LOGGER = "org.orderapp.audit.admin";
    /** Clients whose counts are kept (about 100 bytes each). */
    static final int MAX_CLIENTS = 10_000;
    private static final Logger AUDIT = Logger.getLogger(AUDIT_LOGGER);

    private final HttpHandler next;
    private int attempts;
    private int seconds;
    private volatile FailedLogins logins;

    public ClientLockout(HttpHandler next) {
        this.next = next;
    }

    public void setAttempts(int attempts) {
        this.attempts = attempts;
    }

    public void setSeconds(int seconds) {
        this.seconds = seconds;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (!exchange.getRequestHeaders().contains(Headers.AUTHORIZATION)) {
            next.handleRequest(exchange);
            return;
        }
        FailedLogins counts = logins();
        String client = client(exchange);
        long left = counts.lockedOutFor(client);
        if (left > 0) {
            refuse(exchange, client, TimeUnit.NANOSECONDS.toSeconds(left) + 1);
            return;
        }
        exchange.addExchangeCompleteListener((done, nextListener) -> {
            int status = done.getStatusCode();
            if (status == StatusCodes.UNAUTHORIZED) {
                if (counts.failed(client)) {
                    AUDIT.info(String.format("admin user=- client=%s locked out for %d s after %d refused credentials in a row",
                            client, seconds, attempts));
                }
            } else if (authenticated(done)) {
                counts.succeeded(client);
            }
            nextListener.proceed();
        });
        next.handleRequest(exchange);
    }

    /** Built on first use: WildFly sets the properties after the constructor. */
    private FailedLogins logins() {
        FailedLogins counts = logins;
        if (counts == null) {
            synchronized (this) {
                counts = logins;
                if (counts == null) {
                    counts = new FailedLogins(attempts, TimeUnit.SECONDS.toNanos(seconds), MAX_CLIENTS, System::nanoTime);
                    logins = counts;
                }
            }
        }
        return counts;
    }

    /**
     * The credentials were checked and passed (a 403 for a missing role included). Only a request the security
     * constraints asked credentials of counts: credentials sent to an open path are never checked, so they must not
     * clear a count.
     */
    private static boolean authenticated(HttpServerExchange exchange) {
        SecurityContext security = exchange.getSecurityContext();
        return security != null && security.isAuthenticated();
    }

    private static String client(HttpServerExchange exchange) {
        InetSocketAddress source = exchange.getSourceAddress();
        return source == null || source.getAddress() == null ? "unknown" : source.getAddress().getHostAddress();
    }

    private void refuse(HttpServerExchange exchange, String client, long retryAfterSeconds) {
        AUDIT.info(String.format("admin user=- client=%s %s %s outcome=refused 429 locked out", client,
                exchange.getRequestMethod(), printable(exchange.getRequestURI())));
        exchange.setStatusCode(StatusCodes.TOO_MANY_REQUESTS);
        exchange.getResponseHeaders().put(Headers.RETRY_AFTER, Long.toString(retryAfterSeconds));
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain; charset=UTF-8");
        exchange.getResponseHeaders().put(Headers.X_CONTENT_TYPE_OPTIONS, "nosniff");
        exchange.getResponseSender().send("Too many refused credentials from " + client + ": credentials from this address are not "
                + "checked for " + retryAfterSeconds + " s.\n");
    }

    private static String printable(String value) {
        String printable = value.replaceAll("\\p{Cntrl}", "?");
        return printable.length() <= 200 ? printable : printable.substring(0, 200) + "…";
    }
}
