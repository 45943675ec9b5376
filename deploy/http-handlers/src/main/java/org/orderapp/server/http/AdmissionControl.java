package org.orderapp.server.http;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.handlers.RequestLimit;
import io.undertow.util.Headers;
import io.undertow.util.StatusCodes;

/**
 * Admission control in front of the application: at most {@code maxConcurrentRequests} requests inside at once,
 * up to {@code queueSize} more waiting (suspended, holding no thread), and every request beyond answered at once
 * with 503 and {@code Retry-After}, so an overloaded server keeps serving the requests it accepted at the speed
 * of its peak instead of slowing every request down. The limiting is Undertow's own {@link RequestLimit}, the one
 * behind WildFly's request-limit filter; that filter answers 503 without Retry-After, so a client cannot tell
 * "come back in a second" from "broken". This handler adds only that answer and the switch.
 * <p>
 * Installed as a custom filter (web.cli); WildFly sets the properties from the filter's parameters.
 */
public final class AdmissionControl implements HttpHandler {

    private final HttpHandler next;
    private boolean enabled;
    private int maxConcurrentRequests;
    private int queueSize;
    private int retryAfterSeconds;
    private volatile HttpHandler limited;

    public AdmissionControl(HttpHandler next) {
        this.next = next;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public void setMaxConcurrentRequests(int maxConcurrentRequests) {
        this.maxConcurrentRequests = maxConcurrentRequests;
    }

    public void setQueueSize(int queueSize) {
        this.queueSize = queueSize;
    }

    public void setRetryAfterSeconds(int retryAfterSeconds) {
        this.retryAfterSeconds = retryAfterSeconds;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (enabled) {
            limited().handleRequest(exchange);
        } else {
            next.handleRequest(exchange);
        }
    }

    /** Built on first use: WildFly sets the properties after the constructor. */
    private HttpHandler limited() {
        HttpHandler handler = limited;
        if (handler == null) {
            synchronized (this) {
                handler = limited;
                if (handler == null) {
                    if (maxConcurrentRequests < 1 || queueSize < 0 || retryAfterSeconds < 1) {
                        throw new IllegalStateException("admission control needs maxConcurrentRequests >= 1, queueSize >= 0 and "
                                + "retryAfterSeconds >= 1; got " + maxConcurrentRequests + ", " + queueSize + ", " + retryAfterSeconds);
                    }
                    RequestLimit limit = new RequestLimit(maxConcurrentRequests, queueSize);
                    limit.setFailureHandler(this::refuse);
                    HttpHandler target = next;
                    handler = exchange -> limit.handleRequest(exchange, target);
                    limited = handler;
                }
            }
        }
        return handler;
    }

    private void refuse(HttpServerExchange exchange) {
        exchange.setStatusCode(StatusCodes.SERVICE_UNAVAILABLE);
        exchange.getResponseHeaders().put(Headers.RETRY_AFTER, Integer.toString(retryAfterSeconds));
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain; charset=UTF-8");
        exchange.getResponseSender().send("The server is at capacity: " + maxConcurrentRequests + " requests in progress and "
                + queueSize + " waiting. Retry after " + retryAfterSeconds + " s.\n");
    }
}
