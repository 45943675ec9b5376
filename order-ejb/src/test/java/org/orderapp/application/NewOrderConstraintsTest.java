package org.orderapp.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The five rules of a new order, as constraints, checked by a plain Hibernate Validator with the default settings. */
class NewOrderConstraintsTest {

    private static final Validator VALIDATOR = Validation.buildDefaultValidatorFactory().getValidator();

    @AfterAll
    static void defaultsCameFromTheSettingsFile() {
        assertEquals(50, Settings.integer(Settings.MAX_LINES));
        assertEquals(10_000, Settings.integer(Settings.MAX_QUANTITY));
    }

    @Test
    void aGoodOrderPasses() {
        assertEquals(Map.of(), violations(new NewOrder(1L, List.of(line(1, 1), line(2, 10_000)))));
    }

    @Test
    void customerIdIsRequiredAndPositive() {
        assertEquals(Map.of("customerId", "is required"), violations(new NewOrder(null, List.of(line(1, 1)))));
        assertEquals(Map.of("customerId", "must be positive"), violations(new NewOrder(0L, List.of(line(1, 1)))));
        assertEquals(Map.of("customerId", "must be positive"), violations(new NewOrder(-7L, List.of(line(1, 1)))));
    }

    @Test
    void anOrderHasOneToMaxLinesLines() {
        assertTrue(violations(new NewOrder(1L, null)).containsKey("lines"));
        assertTrue(violations(new NewOrder(1L, List.of())).get("lines").startsWith("must hold at least one line"));
        var lines = new ArrayList<NewOrder.Line>();
        for (int i = 1; i <= 50; i++) {
            lines.add(line(i, 1));
        }
        assertEquals(Map.of(), violations(new NewOrder(1L, lines)));
        lines.add(line(51, 1));
        assertEquals(Map.of("lines", "must be at most 50"), violations(new NewOrder(1L, lines)));
    }

    @Test
    void productIdIsRequiredAndPositive() {
        assertEquals(Map.of("lines[1].productId", "must be positive"), violations(new NewOrder(1L, List.of(line(1, 1), line(-2, 1)))));
        assertEquals(Map.of("lines[0].productId", "is required"), violations(new NewOrder(1L, List.of(new NewOrder.Line(null, 1)))));
        assertTrue(violations(new NewOrder(1L, Arrays.asList(line(1, 1), null))).firstKey().startsWith("lines[1]"));
    }

    @Test
    void quantityIsOneToMaxQuantity() {
        assertEquals(Map.of("lines[0].quantity", "must be positive"), violations(new NewOrder(1L, List.of(line(1, 0)))));
        assertEquals(Map.of("lines[0].quantity", "must be at most 10000"), violations(new NewOrder(1L, List.of(line(1, 10_001)))));
        assertEquals(Map.of("lines[0].quantity", "is required"), violations(new NewOrder(1L, List.of(new NewOrder.Line(1L, null)))));
    }

    @Test
    void eachProductOnceReportedAtTheLaterLine() {
        var found = violations(new NewOrder(1L, List.of(line(5, 1), line(6, 1), line(5, 2))));
        assertEquals(List.of("lines[2].productId"), List.copyOf(found.keySet()));
        assertEquals("repeats product 5 of an earlier line; order it once with the total quantity", found.get("lines[2].productId"));
    }

    @Test
    void aSystemPropertyOverridesTheDefaultForNewValidators() {
        System.setProperty(Settings.MAX_QUANTITY, "5");
        try {
            var validator = Validation.buildDefaultValidatorFactory().getValidator();
            var found = validator.validate(new NewOrder(1L, List.of(line(1, 6))));
            assertEquals("must be at most 5", found.iterator().next().getMessage());
        } finally {
            System.clearProperty(Settings.MAX_QUANTITY);
        }
    }

    private static NewOrder.Line line(long product, int quantity) {
        return new NewOrder.Line(product, quantity);
    }

    private static TreeMap<String, String> violations(NewOrder order) {
        var found = new TreeMap<String, String>();
        for (ConstraintViolation<NewOrder> v : VALIDATOR.validate(order)) {
            found.put(v.getPropertyPath().toString(), v.getMessage());
        }
        return found;
    }
}
