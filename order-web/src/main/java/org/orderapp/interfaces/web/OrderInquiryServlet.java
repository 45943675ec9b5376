package org.orderapp.interfaces.web;

import jakarta.inject.Inject;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.orderapp.application.RecentOrders;
import org.orderapp.interfaces.http.ClientError;
import org.orderapp.interfaces.http.Numbers;
import org.orderapp.interfaces.http.Unavailable;

/**
 * The guide's OrderInquiry: GET ?customerid=N answers the customer's recent orders with their lines, as a page
 * or as JSON (the same array as GET /api/customers/N/orders). Without a customerid a person gets the form.
 * Never touches the HTTP session.
 */
@WebServlet(name = "OrderInquiry", urlPatterns = "/OrderInquiry")
public class OrderInquiryServlet extends PageServlet {

    private static final long serialVersionUID = 1L;

    /** OrderInquiry, or its plain-JDBC twin with order.services.mode=jdbc. */
    @Inject
    private RecentOrders inquiry;

    public OrderInquiryServlet() {
        super("GET");
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        boolean json = Negotiation.wantsJson(request);
        String customer = request.getParameter("customerid");
        if (customer == null && !json) {
            Answers.view(request, response, HttpServletResponse.SC_OK, "inquiry.jsp");
            return;
        }
        try {
            long customerId = Numbers.id(customer, "customerid");
            var orders = inquiry.recentOrders(customerId)
                    .orElseThrow(() -> ClientError.notFound("customerid", "no customer with id " + customerId));
            if (json) {
                Answers.json(response, HttpServletResponse.SC_OK, orders);
            } else {
                request.setAttribute("customerId", customerId);
                request.setAttribute("orders", orders);
                Answers.view(request, response, HttpServletResponse.SC_OK, "inquiry.jsp");
            }
        } catch (ClientError e) {
            if (json) {
                Answers.error(request, response, e);
            } else {
                request.setAttribute("error", e);
                Answers.view(request, response, e.status(), "inquiry.jsp");
            }
        } catch (RuntimeException e) {
            // The database out of reach (a timeout, a lost link): 503 with Retry-After, as NewOrder answers, not a 500.
            if (!Unavailable.isCauseOfARead(e)) {
                throw e;
            }
            response.setHeader("Retry-After", Unavailable.RETRY_AFTER_SECONDS);
            Answers.error(request, response, Unavailable.answer(e));
        }
    }
}
