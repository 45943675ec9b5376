package org.orderapp.it.probe;

import jakarta.annotation.Resource;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Test-only deployment: puts hand-made messages on the replenish queue, as a faulty or repeating producer
 * would. {@code ?requestId=&productId=&centerId=&quantity=&copies=} sends a well-formed request that many
 * times; {@code ?poison=true} sends a message the consumer cannot read.
 */
@WebServlet("/replenish")
public class ReplenishProbe extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Resource(lookup = "java:/ConnectionFactory")
    private ConnectionFactory factory;

    @Resource(lookup = "java:/jms/queue/replenish")
    private Queue queue;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        try (JMSContext jms = factory.createContext()) {
            if (Boolean.parseBoolean(request.getParameter("poison"))) {
                jms.createProducer().send(queue, "not a replenish request");
            } else {
                int copies = Integer.parseInt(request.getParameter("copies"));
                for (int i = 0; i < copies; i++) {
                    var message = jms.createMapMessage();
                    message.setString("requestId", request.getParameter("requestId"));
                    message.setLong("productId", Long.parseLong(request.getParameter("productId")));
                    message.setInt("distributionCenterId", Integer.parseInt(request.getParameter("centerId")));
                    message.setInt("quantity", Integer.parseInt(request.getParameter("quantity")));
                    jms.createProducer().send(queue, message);
                }
            }
        } catch (JMSException e) {
            throw new IOException(e);
        }
        response.setStatus(204);
    }
}
