package org.orderapp.interfaces.web;

import jakarta.inject.Inject;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;
import java.util.function.Function;
import org.orderapp.application.browse.Browser;
import org.orderapp.interfaces.http.Browsing;
import org.orderapp.interfaces.http.Browsing.Search;
import org.orderapp.interfaces.http.ClientError;
import org.orderapp.interfaces.http.SearchInput;

/**
 * The browse page: start a search of a customer's orders or of products by name, then page through it (next,
 * previous) or start again (new search). The rows are held by the session's stateful paging bean. Actions are
 * form posts answered with a redirect to the page (post/redirect/get), so reloading never repeats them; only
 * starting a search creates an HTTP session.
 */
@WebServlet(name = "Browse", urlPatterns = "/Browse")
public class BrowseServlet extends PageServlet {

    private static final long serialVersionUID = 1L;

    @Inject
    private Browsing browsing;

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
                    browsing.start(Search.orders(search.customerId()),
                            b -> b.searchOrders(search.customerId(), search.from(), search.to()));
                }
                case "products" -> {
                    String prefix = SearchInput.productPrefix(one(form, "name"));
                    browsing.start(Search.products(prefix), b -> b.searchProducts(prefix));
                }
                case "next" -> step(Browser::next);
                case "previous" -> step(Browser::previous);
                case "new" -> browsing.end();
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

    private void step(Function<Browser, ?> step) {
        browsing.page(step).orElseThrow(() -> ClientError.notFound("action", "there is no search to page through; start one"));
    }

    /** The page: the search forms, and the current page of the session's search if there is one. */
    private void show(HttpServletRequest request, HttpServletResponse response, int status) throws ServletException, IOException {
        browsing.search().ifPresent(search -> {
            request.setAttribute("search", search);
            request.setAttribute("results", browsing.page(Browser::current).orElse(null));
        });
        Answers.view(request, response, status, "browse.jsp");
    }

    private static String one(Map<String, String[]> form, String name) {
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
