package org.orderapp.driver.workload;

import java.math.BigDecimal;

/**
 * An order the server confirmed (201 with a consistent body): what the audit looks for in the database; with the
 * Idempotency-Key it was sent under (null: none) and how many attempts that key took (more than 1: retried).
 */
public record AcknowledgedOrder(String id, long customerId, int lines, int quantity, BigDecimal total, String key, int attempts) {
}
