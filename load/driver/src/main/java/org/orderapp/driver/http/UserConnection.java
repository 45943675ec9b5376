package org.orderapp.driver.http;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.cookie.BasicCookieStore;
import org.apache.hc.client5.http.cookie.CookieStore;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.BasicHttpClientConnectionManager;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.http.URIScheme;
import org.apache.hc.core5.http.config.RegistryBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.util.Timeout;
import org.orderapp.target.ServerTrust;

/**
 * One simulated user's HTTP client: exactly one persistent (keep-alive) connection and its own cookie store,
 * so the server sees one client with one session, as a browser would be. Requests are blocking and run on the
 * calling thread (Apache HttpClient 5, classic API): the time measured is the time the user waited, with no
 * hand-over to another thread. Retries, redirects and compression are off, so every request is exactly one
 * exchange on the wire. Not thread-safe: one per user thread.
 */
public final class UserConnection implements AutoCloseable {

    private static final Duration TRANSPORT_FAILURE_PAUSE = Duration.ofMillis(200);
    /** The longest Retry-After a user honours; a larger one is cut to this, so a step still ends on time. */
    private static final long MAX_RETRY_AFTER_SECONDS = 10;
    private static final ContentType FORM = ContentType.APPLICATION_FORM_URLENCODED.withCharset(StandardCharsets.UTF_8);

    private final CloseableHttpClient client;
    private final Runnable closed;

    /** Over HTTPS trusting the JDK's certificate authorities. */
    public UserConnection(Duration timeout) {
        this(timeout, ServerTrust.system());
    }

    /** A user seen for the first time, over HTTPS trusting what trust names. */
    public UserConnection(Duration timeout, ServerTrust trust) {
        this(timeout, trust, new BasicCookieStore(), () -> { });
    }

    /**
     * Over HTTPS trusting what trust names; one TLS handshake per connection, as a browser's.
     *
     * @param cookies the user's cookies, its HTTP session among them: a user that comes back (the same user in the next
     *                step or window) brings the ones it had, as a browser does ({@link ReturningUsers})
     * @param closed  run once the connection is closed: the cookies are free for the user's next connection
     */
    UserConnection(Duration timeout, ServerTrust trust, CookieStore cookies, Runnable closed) {
        this.closed = closed;
        // A single connection, kept alive between requests.
        var manager = BasicHttpClientConnectionManager.create(RegistryBuilder.<TlsSocketStrategy>create()
                .register(URIScheme.HTTPS.id, ClientTlsStrategyBuilder.create().setSslContext(trust.sslContext()).buildClassic())
                .build());
        manager.setConnectionConfig(ConnectionConfig.custom()
                .setConnectTimeout(Timeout.of(timeout))
                .setSocketTimeout(Timeout.of(timeout))
                .build());
        client = HttpClients.custom()
                .setConnectionManager(manager)
                .setDefaultCookieStore(cookies)
                .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(Timeout.of(timeout)).build())
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableContentCompression()
                .disableAuthCaching()
                .disableConnectionState()
                .setUserAgent("order-load")
                .build();
    }

    public Exchange get(URI uri, String accept) {
        var request = new HttpGet(uri);
        request.addHeader("Accept", accept);
        return execute(request);
    }

    public Exchange postForm(URI uri, String form, String accept) {
        var request = new HttpPost(uri);
        request.addHeader("Accept", accept);
        request.setEntity(new ByteArrayEntity(form.getBytes(StandardCharsets.UTF_8), FORM));
        return execute(request);
    }

    public Exchange postJson(URI uri, String json, String accept) {
        return postJson(uri, json, accept, null);
    }

    /** @param idempotencyKey sent as the Idempotency-Key header; null: none */
    public Exchange postJson(URI uri, String json, String accept, String idempotencyKey) {
        var request = new HttpPost(uri);
        request.addHeader("Accept", accept);
        if (idempotencyKey != null) {
            request.addHeader("Idempotency-Key", idempotencyKey);
        }
        request.setEntity(new ByteArrayEntity(json.getBytes(StandardCharsets.UTF_8), ContentType.APPLICATION_JSON));
        return execute(request);
    }

    public Exchange post(URI uri, String accept) {
        var request = new HttpPost(uri);
        request.addHeader("Accept", accept);
        return execute(request);
    }

    private Exchange execute(HttpUriRequestBase request) {
        long sent = System.nanoTime();
        try {
            long[] retryAfterSeconds = {-1};
            Exchange exchange = client.execute(request, response -> {
                byte[] body = response.getEntity() == null ? new byte[0] : EntityUtils.toByteArray(response.getEntity());
                long answered = System.nanoTime();
                retryAfterSeconds[0] = response.getCode() == 503 ? retryAfterSeconds(response.getFirstHeader("Retry-After")) : -1;
                return new Exchange(response.getCode(), body, sent, answered,
                        retryAfterSeconds[0] >= 0 ? Exchange.Failure.REFUSED : Exchange.Failure.NONE);
            });
            if (retryAfterSeconds[0] > 0) {
                // A refused user comes back when the server asked it to, as a well-behaved client does.
                LockSupport.parkNanos(Duration.ofSeconds(Math.min(retryAfterSeconds[0], MAX_RETRY_AFTER_SECONDS)).toNanos());
            } else if (exchange.status() >= 500) {
                // A server failing every request (its database gone) is retried a few times a second, as a dead one.
                LockSupport.parkNanos(TRANSPORT_FAILURE_PAUSE.toNanos());
            }
            return exchange;
        } catch (SocketTimeoutException e) {
            return failed(sent, Exchange.Failure.TIMEOUT);
        } catch (ConnectException e) {
            return failed(sent, Exchange.Failure.CONNECT);
        } catch (IOException e) {
            return failed(sent, e.getClass().getSimpleName().contains("Timeout") ? Exchange.Failure.TIMEOUT : Exchange.Failure.IO);
        }
    }

    /**
     * A failed exchange, answered after a short pause when the server could not be reached or dropped the
     * connection: a user retries a dead server a few times a second, not thousands (a server being restarted
     * would otherwise share its CPU with a storm of refused connections). The same pause follows a 5xx answer: a
     * server whose database is being restarted would otherwise log a storm of failures on the cores the database
     * needs to start. The pause is not part of the exchange.
     */
    private static Exchange failed(long sent, Exchange.Failure failure) {
        var exchange = new Exchange(0, new byte[0], sent, System.nanoTime(), failure);
        if (failure == Exchange.Failure.CONNECT || failure == Exchange.Failure.IO) {
            LockSupport.parkNanos(TRANSPORT_FAILURE_PAUSE.toNanos());
        }
        return exchange;
    }

    /** Retry-After in seconds (RFC 9110: delay-seconds; an HTTP date counts as 1 s); -1 when absent or unreadable. */
    static long retryAfterSeconds(org.apache.hc.core5.http.Header header) {
        if (header == null) {
            return -1;
        }
        String value = header.getValue().trim();
        if (value.chars().allMatch(Character::isDigit) && !value.isEmpty()) {
            return value.length() > 9 ? MAX_RETRY_AFTER_SECONDS : Long.parseLong(value);
        }
        return value.isEmpty() ? -1 : 1;
    }

    @Override
    public void close() {
        try {
            client.close();
        } catch (IOException ignored) {
            // closing a socket that is already gone
        } finally {
            closed.run();
        }
    }
}
