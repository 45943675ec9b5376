package org.orderapp.server.http;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import java.util.concurrent.TimeUnit;
import org.xnio.IoUtils;
import org.xnio.XnioExecutor;

/**
 * Closes the connection of a request whose body has not arrived in full within {@code seconds}. The listener's
 * read timeout bounds only the pause between two reads, so a client trickling a body one byte at a time would
 * otherwise hold a worker thread (the application reads bodies blocking) for as long as it likes. The timer runs
 * on the connection's I/O thread and costs nothing for requests without a body or whose body is already read.
 * <p>
 * Installed as a custom filter (web.cli); WildFly sets {@code seconds} from the filter's parameters.
 */
public final class RequestBodyDeadline implements HttpHandler {

    private final HttpHandler next;
    private int seconds;

    public RequestBodyDeadline(HttpHandler next) {
        this.next = next;
    }

    public void setSeconds(int seconds) {
        this.seconds = seconds;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (seconds > 0 && !exchange.isRequestComplete()) {
            XnioExecutor.Key deadline = exchange.getIoThread().executeAfter(() -> {
                if (!exchange.isRequestComplete()) {
                    IoUtils.safeClose(exchange.getConnection());
                }
            }, seconds, TimeUnit.SECONDS);
            exchange.addExchangeCompleteListener((done, nextListener) -> {
                deadline.remove();
                nextListener.proceed();
            });
        }
        next.handleRequest(exchange);
    }
}
