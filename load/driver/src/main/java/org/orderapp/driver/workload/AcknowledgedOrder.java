package org.orderapp.driver.workload;

import java.math.BigDecimal;

/** An order the server confirmed (201 with a consistent body): what the audit looks for in the database. */
public record AcknowledgedOrder(String id, long customerId, int lines, int quantity, BigDecimal total) {
}
