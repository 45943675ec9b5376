package org.orderapp.interfaces.http;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.io.Serializable;
import java.util.Optional;
import java.util.function.Function;
import org.orderapp.application.browse.Browser;

/**
 * A client's browse search, for the page and the API alike: the paging bean its HTTP session holds (the container
 * creates it with the session's first search and removes it when the session ends), and what was searched. Only
 * starting a search creates a session; paging without one finds nothing, and the order endpoints never touch it.
 */
@RequestScoped
public class Browsing {

    private static final String SEARCH = Browsing.class.getName() + ".search";

    @Inject
    HttpServletRequest request;

    @Inject
    Browser browser;

    /** A search as a person asked for it: what is searched, and a readable description. */
    public record Search(Kind kind, String description) implements Serializable {
        public enum Kind { ORDERS, PRODUCTS }

        public static Search orders(long customerId) {
            return new Search(Kind.ORDERS, "orders of customer " + customerId);
        }

        public static Search products(String namePrefix) {
            return new Search(Kind.PRODUCTS, "products whose name starts with “" + namePrefix + "”");
        }
    }

    /** Starts a search (replacing the session's earlier one) and answers its first page. */
    public <T> T start(Search search, Function<Browser, T> run) {
        HttpSession session = open();
        T first = run.apply(browser);
        session.setAttribute(SEARCH, search);
        return first;
    }

    /** A step through the session's search; empty when there is no search to page through. Creates nothing. */
    public <T> Optional<T> page(Function<Browser, T> step) {
        return search().map(search -> step.apply(browser));
    }

    /** The session's current search, if it has one. */
    public Optional<Search> search() {
        HttpSession session = request.getSession(false);
        return session == null ? Optional.empty() : Optional.ofNullable((Search) session.getAttribute(SEARCH));
    }

    /** Ends the session's search: its rows are dropped now rather than with the session. */
    public void end() {
        if (search().isPresent()) {
            browser.clear();
            request.getSession().removeAttribute(SEARCH);
        }
    }

    /**
     * The request's session, created if it has none, before the paging bean is: the web module bounds its sessions
     * (max-active-sessions in jboss-web.xml) and Undertow refuses one more with an IllegalStateException. The
     * client gets 429; its other requests (orders, inquiries) need no session and go on.
     */
    private HttpSession open() {
        try {
            return request.getSession(true);
        } catch (IllegalStateException full) {
            throw ClientError.tooManySessions();
        }
    }
}
