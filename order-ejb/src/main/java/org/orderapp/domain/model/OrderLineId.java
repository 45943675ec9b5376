package org.orderapp.domain.model;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.io.Serializable;
import java.util.Objects;
import java.util.UUID;

/** An order line is identified by its order and its position in it. */
@Embeddable
public class OrderLineId implements Serializable {

    private static final long serialVersionUID = 1L;
    @Column(name = "order_id", columnDefinition = "binary(16)")
    private UUID orderId;

    @Column(name = "line_number")
    private int lineNumber;

    protected OrderLineId() {
    }

    public OrderLineId(UUID orderId, int lineNumber) {
        this.orderId = orderId;
        this.lineNumber = lineNumber;
    }

    public UUID getOrderId() { return orderId; }
    public int getLineNumber() { return lineNumber; }

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof OrderLineId other && lineNumber == other.lineNumber
                && Objects.equals(orderId, other.orderId));
    }

    @Override
    public int hashCode() {
        return Objects.hash(orderId, lineNumber);
    }
}
