package org.orderapp.interfaces.http;

import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParsingException;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.orderapp.application.OrderLimits;
import org.orderapp.application.OrderRejectedException;
import org.orderapp.application.OrderRequest;

/**
 * The one set of rules for a new order's input, whatever it came in: the guide's form (customerid, then
 * productid/quantity pairs) or the JSON API ({"customerId": 1, "lines": [{"productId": 2, "quantity": 3}]}).
 * Both are reduced to the same raw text and checked here, so a bad value gets the same answer from both, each
 * naming the field in the client's own terms. What passes is an {@link OrderRequest} the service accepts,
 * apart from what only the database knows (unknown customer or product, stock conflicts).
 */
public final class OrderInput {

    /** How each format names its fields, and whether it has unused (blank) rows. */
    public enum Format {
        /** application/x-www-form-urlencoded: the form's unused rows arrive as empty pairs and are skipped. */
        FORM("customerid", "productid", true) {
            @Override
            String product(int index) {
                return "productid";
            }

            @Override
            String quantity(int index) {
                return "quantity";
            }

            @Override
            String onLine(int index) {
                return " on line " + (index + 1);
            }
        },
        /** application/json: every line must be complete. */
        JSON("customerId", "lines", false) {
            @Override
            String product(int index) {
                return "lines[" + index + "].productId";
            }

            @Override
            String quantity(int index) {
                return "lines[" + index + "].quantity";
            }

            @Override
            String onLine(int index) {
                return "";
            }
        };

        private final String customer;
        private final String lines;
        private final boolean skipsBlankLines;

        Format(String customer, String lines, boolean skipsBlankLines) {
            this.customer = customer;
            this.lines = lines;
            this.skipsBlankLines = skipsBlankLines;
        }

        public String customer() {
            return customer;
        }

        public String lines() {
            return lines;
        }

        abstract String product(int index);

        abstract String quantity(int index);

        abstract String onLine(int index);

        /** The service names fields as the form does; this names them as this format does. */
        String field(String serviceField) {
            if (serviceField == null || this == FORM) {
                return serviceField;
            }
            return switch (serviceField) {
                case "customerid" -> customer;
                case "productid" -> "productId";
                case "quantity" -> "quantity";
                default -> serviceField;
            };
        }
    }

    /** One product and quantity as sent: text, either possibly missing. */
    public record RawLine(String productId, String quantity) {
        boolean blank() {
            return Strings.isBlank(productId) && Strings.isBlank(quantity);
        }
    }

    private OrderInput() {
    }

    /** Checks the raw values: each id positive, each quantity within limits, no product twice, 1 to MAX_LINES lines. */
    public static OrderRequest parse(Format format, String customer, List<RawLine> rawLines) throws ClientError {
        long customerId = Numbers.id(customer, format.customer(), format.customer());
        var lines = new ArrayList<OrderRequest.Line>();
        Map<Long, Integer> firstSeen = new HashMap<>();
        for (int i = 0; i < rawLines.size(); i++) {
            RawLine raw = rawLines.get(i);
            if (format.skipsBlankLines && raw.blank()) {
                continue;
            }
            String productField = format.product(i);
            long productId = Numbers.id(raw.productId(), productField + format.onLine(i), productField);
            String quantityField = format.quantity(i);
            int quantity = (int) Numbers.positive(raw.quantity(), quantityField + format.onLine(i), quantityField,
                    OrderLimits.MAX_QUANTITY);
            Integer earlier = firstSeen.putIfAbsent(productId, i);
            if (earlier != null) {
                throw ClientError.invalid(productField, productField + format.onLine(i) + ": product " + productId
                        + " is already ordered" + (format == Format.FORM ? " on line " + (earlier + 1) : " in lines[" + earlier + "]")
                        + "; order it once with the total quantity");
            }
            lines.add(new OrderRequest.Line(productId, quantity));
            if (lines.size() > OrderLimits.MAX_LINES) {
                throw ClientError.invalid(format.lines(), "an order has at most " + OrderLimits.MAX_LINES + " lines");
            }
        }
        if (lines.isEmpty()) {
            throw ClientError.invalid(format.lines(), "an order needs at least one line with "
                    + (format == Format.FORM ? "a productid and a quantity" : "a productId and a quantity"));
        }
        return new OrderRequest(customerId, lines);
    }

    /**
     * The form's parameters: one customerid, then productid and quantity repeated as pairs, in order (the
     * submit button's own parameter, NewOrder=NewOrder, and any other parameter are ignored).
     */
    public static OrderRequest fromForm(Map<String, String[]> parameters) throws ClientError {
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
        var lines = new ArrayList<RawLine>(products.length);
        for (int i = 0; i < products.length; i++) {
            lines.add(new RawLine(products[i], quantities[i]));
        }
        return parse(Format.FORM, customers.length == 0 ? null : customers[0], lines);
    }

    /** A JSON body, already read (and bounded) by the caller. */
    public static OrderRequest fromJson(byte[] body) throws ClientError {
        if (body.length == 0) {
            throw ClientError.invalid("body", "a JSON body with customerId and lines is required");
        }
        JsonValue value;
        try (var reader = Json.createReader(new ByteArrayInputStream(body))) {
            value = reader.readValue();
        } catch (JsonParsingException e) {
            var at = e.getLocation();
            throw ClientError.invalid("body", "the body is not valid JSON"
                    + (at == null ? "" : " (line " + at.getLineNumber() + ", column " + at.getColumnNumber() + ")"));
        } catch (JsonException e) {
            throw ClientError.invalid("body", "the body is not valid JSON");
        } catch (RuntimeException e) {
            // Parsson refuses input nested deeper than its limit (1,000) with a plain RuntimeException.
            throw ClientError.invalid("body", "the body is not acceptable JSON: " + Strings.shorten(String.valueOf(e.getMessage())));
        }
        if (value.getValueType() != JsonValue.ValueType.OBJECT) {
            throw ClientError.invalid("body", "the body must be a JSON object with customerId and lines");
        }
        JsonObject order = value.asJsonObject();
        String customer = number(order.get("customerId"), "customerId");
        JsonValue linesValue = order.get("lines");
        if (linesValue == null || linesValue.getValueType() == JsonValue.ValueType.NULL) {
            throw ClientError.invalid("lines", "lines is required: a list of {\"productId\": …, \"quantity\": …}");
        }
        if (linesValue.getValueType() != JsonValue.ValueType.ARRAY) {
            throw ClientError.invalid("lines", "lines must be a list, got " + kind(linesValue));
        }
        var raw = new ArrayList<RawLine>();
        var array = linesValue.asJsonArray();
        // Bounded before looking at each line: a huge list is refused without walking it.
        if (array.size() > OrderLimits.MAX_LINES) {
            throw ClientError.invalid("lines", "an order has at most " + OrderLimits.MAX_LINES + " lines, got " + array.size());
        }
        for (int i = 0; i < array.size(); i++) {
            JsonValue line = array.get(i);
            if (line.getValueType() != JsonValue.ValueType.OBJECT) {
                throw ClientError.invalid("lines[" + i + "]", "lines[" + i + "] must be an object with productId and quantity, got "
                        + kind(line));
            }
            raw.add(new RawLine(number(line.asJsonObject().get("productId"), "lines[" + i + "].productId"),
                    number(line.asJsonObject().get("quantity"), "lines[" + i + "].quantity")));
        }
        return parse(Format.JSON, customer, raw);
    }

    /** The refusal of a service, answered with its status and the field named as the client's format names it. */
    public static ClientError refused(OrderRejectedException e, Format format) {
        int status = switch (e.getReason()) {
            case INVALID -> ClientError.BAD_REQUEST;
            case NOT_FOUND -> ClientError.NOT_FOUND;
            case CONFLICT -> ClientError.CONFLICT;
        };
        return new ClientError(status, format.field(e.getField()), e.getMessage());
    }

    /** A JSON number as the text it was written with, so it is checked exactly like form text; null if absent. */
    private static String number(JsonValue value, String field) throws ClientError {
        if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
            return null;
        }
        if (value.getValueType() != JsonValue.ValueType.NUMBER) {
            throw ClientError.invalid(field, field + " must be a number, got " + kind(value));
        }
        return value.toString();
    }

    private static String kind(JsonValue value) {
        return switch (value.getValueType()) {
            case STRING -> "a string";
            case OBJECT -> "an object";
            case ARRAY -> "a list";
            case TRUE, FALSE -> "a boolean";
            case NULL -> "null";
            case NUMBER -> "a number";
        };
    }
}
