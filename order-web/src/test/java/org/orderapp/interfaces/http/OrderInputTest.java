package org.orderapp.interfaces.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.orderapp.application.NewOrder;
import org.orderapp.application.OrderRejectedException;
import org.orderapp.application.OrderRejectedException.Reason;
import org.orderapp.interfaces.http.OrderInput.Naming;

/** The guide's form and the JSON body against NewOrder's rules: the field named as each format names it. */
class OrderInputTest {

    @Test
    void aFormBecomesAnOrderSkippingItsUnusedRows() {
        var order = OrderInput.fromForm(form("customerid", "7", "productid", "1", "quantity", "6", "productid", "", "quantity", "",
                "productid", " 2 ", "quantity", "19", "NewOrder", "NewOrder"));
        assertEquals(new NewOrder(7L, List.of(new NewOrder.Line(1L, 6), new NewOrder.Line(2L, 19))), order);
    }

    @Test
    void formRefusalsNameTheFormsFields() {
        assertRefused(400, "customerid", form("productid", "1", "quantity", "1"));
        assertRefused(400, "customerid", form("customerid", "abc", "productid", "1", "quantity", "1"));
        assertRefused(400, "customerid", form("customerid", "0", "productid", "1", "quantity", "1"));
        assertRefused(400, "customerid", form("customerid", "-7", "productid", "1", "quantity", "1"));
        assertRefused(400, "customerid", form("customerid", "99999999999999999999999", "productid", "1", "quantity", "1"));
        assertRefused(400, "customerid", form("customerid", "1", "customerid", "1", "productid", "1", "quantity", "1"));
        assertRefused(400, "quantity", form("customerid", "1", "productid", "1", "quantity", "lots"));
        assertRefused(400, "quantity", form("customerid", "1", "productid", "1", "quantity", "0"));
        assertRefused(400, "quantity", form("customerid", "1", "productid", "1", "quantity", "10001"));
        assertRefused(400, "quantity", form("customerid", "1", "productid", "1", "quantity", "99999999999"));
        assertRefused(400, "quantity", form("customerid", "1", "productid", "1", "quantity", "1.5"));
        assertRefused(400, "quantity", form("customerid", "1", "productid", "1", "quantity", ""));
        assertRefused(400, "productid", form("customerid", "1", "productid", "0x10", "quantity", "1"));
        assertRefused(400, "productid", form("customerid", "1", "productid", "1", "quantity", "1", "productid", "1", "quantity", "2"));
        assertRefused(400, "productid", form("customerid", "1", "productid", "", "quantity", ""));
        assertRefused(400, "quantity", form("customerid", "1", "productid", "1", "quantity", "1", "productid", "2"));
        var many = new ArrayList<>(List.of("customerid", "1"));
        for (int i = 1; i <= 51; i++) {
            many.addAll(List.of("productid", String.valueOf(i), "quantity", "1"));
        }
        assertRefused(400, "productid", form(many.toArray(String[]::new)));
    }

    @Test
    void formMessagesSayTheFormsLine() {
        var syntax = assertThrows(ClientError.class, () -> OrderInput.fromForm(form("customerid", "1", "productid", "1", "quantity", "3",
                "productid", "2", "quantity", "three")));
        assertEquals("quantity on line 2 must be a whole number, got 'three'", syntax.getMessage());
        var rule = assertThrows(ClientError.class, () -> OrderInput.fromForm(form("customerid", "1", "productid", "", "quantity", "",
                "productid", "2", "quantity", "10001")));
        assertEquals("quantity on line 2 must be at most 10000, got 10001", rule.getMessage());
    }

    @Test
    void jsonRefusalsNameThePropertyPath() {
        assertEquals("customerId", refusal(new NewOrder(null, List.of(new NewOrder.Line(1L, 1))), Naming.JSON).field());
        assertEquals("lines", refusal(new NewOrder(1L, List.of()), Naming.JSON).field());
        assertEquals("lines[0].productId", refusal(new NewOrder(1L, List.of(new NewOrder.Line(-1L, 1))), Naming.JSON).field());
        assertEquals("lines[0].quantity", refusal(new NewOrder(1L, List.of(new NewOrder.Line(1L, 10_001))), Naming.JSON).field());
        assertEquals("lines[1].productId", refusal(new NewOrder(1L, List.of(new NewOrder.Line(1L, 1), new NewOrder.Line(1L, 1))),
                Naming.JSON).field());
        var lines = new ArrayList<NewOrder.Line>();
        lines.add(null);
        assertEquals("lines[0]", refusal(new NewOrder(1L, lines), Naming.JSON).field());
        assertEquals("body", assertThrows(ClientError.class, () -> OrderInput.checked(null, Naming.JSON)).field());
    }

    @Test
    void aMessageSaysWhatWasWrongAndWhatWasSent() {
        var e = refusal(new NewOrder(1L, List.of(new NewOrder.Line(1L, 10_001))), Naming.JSON);
        assertEquals("lines[0].quantity must be at most 10000, got 10001", e.getMessage());
    }

    @Test
    void serviceRefusalsKeepTheirStatusAndNameTheField() {
        var notFound = new OrderRejectedException(Reason.NOT_FOUND, "productId", "no product with id 9");
        assertEquals("productId", OrderInput.refused(notFound, Naming.JSON).field());
        assertEquals("productid", OrderInput.refused(notFound, Naming.FORM).field());
        assertEquals(404, OrderInput.refused(notFound, Naming.FORM).status());
        var customer = new OrderRejectedException(Reason.NOT_FOUND, "customerId", "no customer with id 9");
        assertEquals("customerid", OrderInput.refused(customer, Naming.FORM).field());
        var conflict = OrderInput.refused(new OrderRejectedException(Reason.CONFLICT, null, "try again"), Naming.JSON);
        assertEquals(409, conflict.status());
        assertEquals(null, conflict.field());
    }

    private static ClientError refusal(NewOrder order, Naming naming) {
        return assertThrows(ClientError.class, () -> OrderInput.checked(order, naming));
    }

    private static void assertRefused(int status, String field, Map<String, String[]> form) {
        var e = assertThrows(ClientError.class, () -> OrderInput.fromForm(form));
        assertEquals(status, e.status(), e::getMessage);
        assertEquals(field, e.field(), e::getMessage);
    }

    private static Map<String, String[]> form(String... namesAndValues) {
        var lists = new HashMap<String, List<String>>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            lists.computeIfAbsent(namesAndValues[i], k -> new ArrayList<>()).add(namesAndValues[i + 1]);
        }
        var form = new HashMap<String, String[]>();
        lists.forEach((name, values) -> form.put(name, values.toArray(String[]::new)));
        return form;
    }
}
