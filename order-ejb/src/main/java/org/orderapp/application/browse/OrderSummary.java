package org.orderapp.application.browse;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Instant;

public record OrderSummary(String id, long customerId, Instant orderDate, BigDecimal totalAmount) implements Serializable {
}
