package org.orderapp.interfaces.http;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.Validation;
import jakarta.validation.TraversableResolver;
import jakarta.validation.Validator;
import java.lang.annotation.ElementType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntUnaryOperator;
import org.orderapp.application.IdempotencyKey;
import org.orderapp.application.NewOrder;
import org.orderapp.application.OrderRejectedException;

/**
 * A new order where it comes in, as the guide's form (customerid, then productid/quantity pairs) or as the JSON
 * API's body ({"customerId": 1, "lines": [{"productId": 2, "quantity": 3}]}). Both become a {@link NewOrder} and
 * are checked against its constraints here, the rules being stated once on that type; a violated rule is answered
 * 400 naming the field as the client's format names it. What passes is what the service accepts, apart from what
 * only the database knows (unknown customer or product, stock conflicts).
 */
public final class OrderInput {

    /** How a format names NewOrder's properties (customerId, lines, lines[2].quantity). */
    public enum Naming {
        /** As the JSON body: the property path itself. */
        JSON,
        /** As the form: customerid, productid, quantity; the lines as a whole are the productid rows. */
        FORM;

        String field(Path path) {
            var json = new StringBuilder();
            String last = null;
            for (Path.Node node : path) {
                if (node.isInIterable() && node.getIndex() != null) {
                    json.append('[').append(node.getIndex()).append(']');
                }
                if (node.getKind() == ElementKind.PROPERTY) {
                    json.append(json.isEmpty() ? "" : ".").append(node.getName());
                    last = node.getName();
                }
            }
            return field(this == JSON ? json.toString() : last);
        }

        /** A property of NewOrder (customerId, productId, ...) as this format names it. */
        String field(String property) {
            if (this == JSON || property == null) {
                return property;
            }
            return property.equals("lines") ? "productid" : property.toLowerCase(Locale.ROOT);
        }
    }

    /**
     * NewOrder is a request, not an entity: every property of it is there to be checked. The default resolver asks
     * JPA, for every property validated, whether it is loaded (through every persistence provider), to answer yes.
     */
    private static final Validator VALIDATOR = Validation.byDefaultProvider().configure()
            .traversableResolver(new EveryPropertyReachable()).buildValidatorFactory().getValidator();

    private static final class EveryPropertyReachable implements TraversableResolver {
        @Override
        public boolean isReachable(Object bean, Path.Node property, Class<?> root, Path path, ElementType type) {
            return true;
        }

        @Override
        public boolean isCascadable(Object bean, Path.Node property, Class<?> root, Path path, ElementType type) {
            return true;
        }
    }

    private OrderInput() {
    }

    /**
     * The order if it keeps every rule; else the refusal of a broken rule (the one of the lowest property path, so
     * the answer is stable).
     */
    public static NewOrder checked(NewOrder order, Naming naming) {
        return checked(order, naming, index -> index + 1);
    }

    /** @param lineNumber the number a person knows a line by, from its index in the order's lines */
    private static NewOrder checked(NewOrder order, Naming naming, IntUnaryOperator lineNumber) {
        if (order == null) {
            throw ClientError.invalid("body", "a JSON body with customerId and lines is required");
        }
        var broken = VALIDATOR.validate(order).stream()
                .min(Comparator.comparing((ConstraintViolation<NewOrder> v) -> v.getPropertyPath().toString()));
        if (broken.isPresent()) {
            throw refusal(broken.get(), naming, lineNumber);
        }
        return order;
    }

    /**
     * The one answer to a broken rule: 400, the field, and a message saying what was wrong and what was sent; the
     * form's message says on which line (its path names the line already in JSON).
     */
    private static ClientError refusal(ConstraintViolation<?> violation, Naming naming, IntUnaryOperator lineNumber) {
        String field = naming.field(violation.getPropertyPath());
        String label = field;
        if (naming == Naming.FORM) {
            for (Path.Node node : violation.getPropertyPath()) {
                if (node.getIndex() != null) {
                    label = field + " on line " + lineNumber.applyAsInt(node.getIndex());
                }
            }
        }
        Object sent = violation.getInvalidValue();
        return ClientError.invalid(field, label + " " + violation.getMessage() + (sent instanceof Number n ? ", got " + n : ""));
    }

    /** The refusal of a service, answered with its status and the field named as the client's format names it. */
    public static ClientError refused(OrderRejectedException e, Naming naming) {
        int status = switch (e.getReason()) {
            case NOT_FOUND -> ClientError.NOT_FOUND;
            case CONFLICT -> ClientError.CONFLICT;
            case KEY_REUSED -> ClientError.UNPROCESSABLE_CONTENT;
        };
        return new ClientError(status, naming.field(e.getField()), e.getMessage());
    }

    /**
     * The idempotency key of a request that has passed NewOrder's constraints; null when none was sent. A malformed
     * key is refused (400) under the name the client gave it.
     */
    public static IdempotencyKey key(String key, String name, NewOrder order) {
        if (key == null) {
            return null;
        }
        if (!IdempotencyKey.isWellFormed(key)) {
            throw ClientError.invalid(name, name + " must be 1 to " + IdempotencyKey.MAX_LENGTH
                    + " printable ASCII characters, got '" + Strings.shorten(key) + "'");
        }
        return IdempotencyKey.of(key, order);
    }

    /**
     * The form's parameters: one customerid, then productid and quantity repeated as pairs, in order. Pairs with
     * both values empty are the form's unused rows and are skipped; the submit button's own parameter
     * (NewOrder=NewOrder) and any other parameter are ignored.
     */
    public static NewOrder fromForm(Map<String, String[]> parameters) {
        String[] customers = parameters.getOrDefault("customerid", new String[0]);
        if (customers.length > 1) {
            throw ClientError.invalid("customerid", "customerid must be given once, got it " + customers.length + " times");
        }
        String[] products = parameters.getOrDefault("productid", new String[0]);
        String[] quantities = parameters.getOrDefault("quantity", new String[0]);
        if (products.length != quantities.length) {
            throw ClientError.invalid(products.length > quantities.length ? "quantity" : "productid",
                    "productid and quantity must come in pairs, got " + products.length + " productid and "
                            + quantities.length + " quantity");
        }
        var lines = new ArrayList<NewOrder.Line>();
        var rows = new ArrayList<Integer>(); // the form's row of each line, counted from 1
        for (int i = 0; i < products.length; i++) {
            if (Strings.isBlank(products[i]) && Strings.isBlank(quantities[i])) {
                continue;
            }
            String onLine = " on line " + (i + 1);
            Long quantity = Numbers.whole(quantities[i], "quantity" + onLine, "quantity");
            lines.add(new NewOrder.Line(Numbers.whole(products[i], "productid" + onLine, "productid"),
                    quantity == null ? null : saturated(quantity)));
            rows.add(i + 1);
        }
        String customer = customers.length == 0 ? null : customers[0];
        return checked(new NewOrder(Numbers.whole(customer, "customerid", "customerid"), lines), Naming.FORM, rows::get);
    }

    /** A quantity beyond an int is beyond every limit anyway: it is refused by the rule, not by its size. */
    private static Integer saturated(long quantity) {
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, quantity));
    }
}
