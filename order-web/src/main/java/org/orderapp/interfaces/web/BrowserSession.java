package org.orderapp.interfaces.web;

import jakarta.ejb.NoSuchEJBException;
import jakarta.servlet.annotation.WebListener;
import jakarta.servlet.http.HttpSession;
import jakarta.servlet.http.HttpSessionEvent;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSessionListener;
import java.util.Optional;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.orderapp.application.Browser;
import org.orderapp.interfaces.http.ClientError;

/**
 * Keeps one stateful paging bean per HTTP session, as the guide did, and removes it when the session ends
 * (timeout or invalidation), so no bean outlives its client. Only starting a search creates a session; paging
 * without one finds nothing, and the order endpoints never touch the session.
 */
@WebListener
public class BrowserSession implements HttpSessionListener {

    private static final String ATTRIBUTE = Browser.class.getName();
    private static final String SEARCH_ATTRIBUTE = Browser.class.getName() + ".search";
    private static final String JNDI_NAME = "java:app/order-ejb/Browser!" + Browser.class.getName();

    /**
     * The request's session, created if it has none. The web module bounds its sessions (max-active-sessions in
     * jboss-web.xml) and Undertow refuses one more with an IllegalStateException: the client gets 429, its other
     * requests (orders, inquiries) need no session and go on.
     */
    public static HttpSession open(HttpServletRequest request) throws ClientError {
        HttpSession session = request.getSession(false);
        if (session != null) {
            return session;
        }
        try {
            return request.getSession(true);
        } catch (IllegalStateException full) {
            throw ClientError.tooManySessions();
        }
    }

    /** The session's paging bean, created on first use. */
    public static Browser of(HttpSession session) {
        synchronized (session) {
            Browser browser = (Browser) session.getAttribute(ATTRIBUTE);
            if (browser == null) {
                try {
                    // A lookup, not injection: each lookup of a stateful bean is a new instance, owned by the session.
                    browser = (Browser) new InitialContext().lookup(JNDI_NAME);
                } catch (NamingException e) {
                    throw new IllegalStateException("cannot create the paging bean", e);
                }
                session.setAttribute(ATTRIBUTE, browser);
            }
            return browser;
        }
    }

    /** The bean of a session that has one; empty for no session or no search yet. Creates nothing. */
    public static Optional<Browser> existing(HttpSession session) {
        return session == null ? Optional.empty() : Optional.ofNullable((Browser) session.getAttribute(ATTRIBUTE));
    }

    /** Forgets a bean that timed out on its own, so the next use creates a new one. */
    public static void forget(HttpSession session) {
        session.removeAttribute(ATTRIBUTE);
        session.removeAttribute(SEARCH_ATTRIBUTE);
    }

    /** Ends the session's search: the bean is removed now rather than at its idle timeout. */
    public static void close(HttpSession session) {
        existing(session).ifPresent(BrowserSession::remove);
        forget(session);
    }

    /** What the session's current search is, for pages that show it (kept beside the bean). */
    public static void describe(HttpSession session, Search search) {
        session.setAttribute(SEARCH_ATTRIBUTE, search);
    }

    public static Optional<Search> search(HttpSession session) {
        return session == null ? Optional.empty() : Optional.ofNullable((Search) session.getAttribute(SEARCH_ATTRIBUTE));
    }

    /** A search as a person asked for it: what is searched, and a readable description. */
    public record Search(Kind kind, String description) implements java.io.Serializable {
        public enum Kind { ORDERS, PRODUCTS }

        public static Search orders(long customerId) {
            return new Search(Kind.ORDERS, "orders of customer " + customerId);
        }

        public static Search products(String namePrefix) {
            return new Search(Kind.PRODUCTS, "products whose name starts with “" + namePrefix + "”");
        }
    }

    @Override
    public void sessionDestroyed(HttpSessionEvent event) {
        existing(event.getSession()).ifPresent(BrowserSession::remove);
    }

    private static void remove(Browser browser) {
        try {
            browser.close();
        } catch (NoSuchEJBException alreadyGone) {
            // removed by its own idle timeout
        }
    }
}
