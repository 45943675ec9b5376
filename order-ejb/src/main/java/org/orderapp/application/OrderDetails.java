package org.orderapp.application;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.orderapp.domain.model.Order;
import org.orderapp.domain.model.OrderLine;

/** An order as clients see it, detached from the persistence context. */
public record OrderDetails(String id, long customerId, int distributionCenterId, Instant orderDate,
                           BigDecimal totalAmount, List<Line> lines) implements Serializable {

    public record Line(int lineNumber, long productId, String productName, int quantity, BigDecimal unitPrice,
                       BigDecimal extendedPrice, int backorderedQuantity) implements Serializable {
        static Line of(OrderLine l) {
            return new Line(l.getLineNumber(), l.getProduct().getId(), l.getProduct().getName(), l.getQuantity(),
                    l.getUnitPrice(), l.getExtendedPrice(), l.getBackorderedQuantity());
        }
    }

    public static OrderDetails of(Order o) {
        return new OrderDetails(o.getId().toString(), o.getCustomer().getId(), o.getDistributionCenterId(),
                o.getOrderDate(), o.getTotalAmount(), o.getLines().stream().map(Line::of).toList());
    }
}
