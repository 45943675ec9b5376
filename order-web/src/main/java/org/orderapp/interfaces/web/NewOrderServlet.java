package org.orderapp.interfaces.web;

import jakarta.ejb.EJB;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.UUID;
import org.orderapp.application.IdempotencyKey;
import org.orderapp.application.OrderDetails;
import org.orderapp.application.OrderRejectedException;
import org.orderapp.application.OrderService;
import org.orderapp.application.Settings;
import org.orderapp.interfaces.http.ClientError;
import org.orderapp.interfaces.http.OrderInput;
import org.orderapp.interfaces.http.Unavailable;

/**
 * The guide's NewOrder: a form post of customerid and productid/quantity pairs (unused rows empty). Answers 201
 * with the order as a page, or as the JSON API's order when the client accepts application/json. GET shows
 * the form, with a one-time token ({@link #ORDER_TOKEN}). Never touches the HTTP session.
 */
@WebServlet(name = "NewOrder", urlPatterns = "/NewOrder")
public class NewOrderServlet extends PageServlet {

    private static final long serialVersionUID = 1L;
    /** Rows of the empty form: the guide's load driver sent nine pairs. */
    static final int FORM_ROWS = 9;
    /** The limits the form states (the rules themselves are NewOrder's constraints). */
    private static final int MAX_LINES = Settings.integer(Settings.MAX_LINES);
    private static final int MAX_QUANTITY = Settings.integer(Settings.MAX_QUANTITY);

    /**
     * The form's one-time token: a hidden field, new with each empty form and kept when the form is shown again with
     * an error; a resubmitted form answers the order its token created (the Idempotency-Key of the JSON API).
     */
    static final String ORDER_TOKEN = "ordertoken";

    @EJB
    private OrderService orders;

    public NewOrderServlet() {
        super("GET", "POST");
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        form(request, response, HttpServletResponse.SC_OK, null);
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        boolean json = Negotiation.wantsJson(request);
        try {
            OrderDetails created;
            try {
                var order = OrderInput.fromForm(formParameters(request));
                created = orders.createOrder(order, OrderInput.key(request.getParameter(ORDER_TOKEN), ORDER_TOKEN, order));
            } catch (OrderRejectedException e) {
                throw OrderInput.refused(e, OrderInput.Naming.FORM);
            }
            // A path, as the JSON API's: an absolute URL would be built from the Host header, which the client chooses.
            response.setHeader("Location", request.getContextPath() + "/api/orders/" + created.id());
            if (json) {
                Answers.json(response, HttpServletResponse.SC_CREATED, created);
            } else {
                request.setAttribute("order", created);
                Answers.view(request, response, HttpServletResponse.SC_CREATED, "order.jsp");
            }
        } catch (ClientError e) {
            refused(request, response, json, e);
        } catch (RuntimeException e) {
            if (!Unavailable.isCause(e)) {
                throw e;
            }
            response.setHeader("Retry-After", Unavailable.RETRY_AFTER_SECONDS);
            Answers.error(request, response, Unavailable.answer(e));
        }
    }

    private static void refused(HttpServletRequest request, HttpServletResponse response, boolean json, ClientError e)
            throws ServletException, IOException {
        if (json || e.status() == ClientError.UNSUPPORTED_MEDIA_TYPE || e.status() == ClientError.PAYLOAD_TOO_LARGE) {
            Answers.error(request, response, e); // the form's values cannot be shown again
        } else {
            form(request, response, e.status(), e);
        }
    }

    /** The form, filled again with what was sent when it is shown with an error. */
    private static void form(HttpServletRequest request, HttpServletResponse response, int status, ClientError error)
            throws ServletException, IOException {
        String[] sent = request.getParameterValues("productid");
        request.setAttribute("rows", Math.max(FORM_ROWS, sent == null ? 0 : sent.length));
        request.setAttribute("error", error);
        request.setAttribute("maxLines", MAX_LINES);
        request.setAttribute("maxQuantity", MAX_QUANTITY);
        String token = request.getParameter(ORDER_TOKEN);
        request.setAttribute("orderToken", token != null && IdempotencyKey.isWellFormed(token) ? token : UUID.randomUUID().toString());
        Answers.view(request, response, status, "new-order.jsp");
    }
}
