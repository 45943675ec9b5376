package org.orderapp.application.browse;

import java.io.Serializable;
import java.math.BigDecimal;

public record ProductSummary(long id, String name, BigDecimal unitCost) implements Serializable {
}
