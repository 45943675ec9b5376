package org.orderapp.interfaces.web;

import jakarta.ejb.NoSuchEJBException;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.util.Map;
import java.util.function.Consumer;
import org.orderapp.application.Browser;
import org.orderapp.interfaces.http.ClientError;
import org.orderapp.interfaces.http.SearchInput;
import org.orderapp.interfaces.web.BrowserSession.Search;

/**
 * The browse page: start a search of a customer's orders or of products by name, then page through it (next,
 * previous) or start again (new search). The rows are held by the session's stateful paging bean. Actions are
 * form posts answered with a redirect to the page (post/redirect/get), so reloading never repeats them; only
 * starting a search creates an HTTP session.
 */
@WebServlet(name = "Browse", urlPatterns = "/Browse")
public class BrowseServlet extends PageServlet {

    private static final long serialVersionUID = 1L;

    public BrowseServlet() {
        super("GET", "POST");
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        show(request, response, HttpServletResponse.SC_OK);
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        try {
            Map<String, String[]> form = formParameters(request);
            String action = one(form, "action");
            switch (action == null ? "" : action) {
                case "orders" -> {
                    var search = SearchInput.orders(one(form, "customerid"), one(form, "from"), one(form, "to"));
                    start(request, Search.orders(search.customerId()),
                            b -> b.searchOrders(search.customerId(), search.from(), search.to()));
                }
                case "products" -> {
                    String prefix = SearchInput.productPrefix(one(form, "name"));
                    start(request, Search.products(prefix), b -> b.searchProducts(prefix));
                }
                case "next" -> step(request, Browser::next);
                case "previous" -> step(request, Browser::previous);
                case "new" -> {
                    HttpSession session = request.getSession(false);
                    if (session != null) {
                        BrowserSession.close(session);
                    }
                }
                default -> throw ClientError.invalid("action", "action must be orders, products, next, previous or new");
            }
            response.setStatus(HttpServletResponse.SC_SEE_OTHER); // then GET the page, whatever the method was
            response.setHeader("Location", request.getContextPath() + "/Browse");
        } catch (ClientError e) {
            if (e.status() == ClientError.UNSUPPORTED_MEDIA_TYPE || e.status() == ClientError.PAYLOAD_TOO_LARGE) {
                Answers.error(request, response, e);
            } else {
                request.setAttribute("error", e);
                show(request, response, e.status());
            }
        }
    }

    private static void start(HttpServletRequest request, Search search, Consumer<Browser> run) throws ClientError {
        HttpSession session = BrowserSession.open(request);
        try {
            run.accept(BrowserSession.of(session));
        } catch (NoSuchEJBException expired) {
            BrowserSession.forget(session); // timed out on its own: the new search gets a new bean
            run.accept(BrowserSession.of(session));
        }
        BrowserSession.describe(session, search);
    }

    private static void step(HttpServletRequest request, Consumer<Browser> step) throws ClientError {
        HttpSession session = request.getSession(false);
        var browser = BrowserSession.existing(session)
                .orElseThrow(() -> ClientError.notFound("action", "there is no search to page through; start one"));
        try {
            step.accept(browser);
        } catch (NoSuchEJBException expired) {
            BrowserSession.forget(session);
            throw ClientError.notFound("action", "the search expired; start a new one");
        }
    }

    /** The page: the search forms, and the current page of the session's search if there is one. */
    private static void show(HttpServletRequest request, HttpServletResponse response, int status)
            throws ServletException, IOException {
        HttpSession session = request.getSession(false);
        var browser = BrowserSession.existing(session);
        if (browser.isPresent()) {
            try {
                request.setAttribute("results", browser.get().current());
                request.setAttribute("search", BrowserSession.search(session).orElse(null));
            } catch (NoSuchEJBException expired) {
                BrowserSession.forget(session);
                request.setAttribute("notice", "The search expired; start a new one.");
            }
        }
        Answers.view(request, response, status, "browse.jsp");
    }

    private static String one(Map<String, String[]> form, String name) throws ClientError {
        String[] values = form.get(name);
        if (values == null || values.length == 0) {
            return null;
        }
        if (values.length > 1) {
            throw ClientError.invalid(name, name + " must be given once, got it " + values.length + " times");
        }
        return values[0];
    }
}
