package org.orderapp.application;

import java.io.Serializable;
import java.util.List;

/** What a client asks for: a customer and the products with quantities, in the order given. */
public record OrderRequest(long customerId, List<Line> lines) implements Serializable {

    public record Line(long productId, int quantity) implements Serializable {
    }

    public OrderRequest {
        lines = List.copyOf(lines);
    }
}
