package org.orderapp.interfaces.rest;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.Provider;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Collection;
import org.orderapp.application.NewOrder;
import org.orderapp.interfaces.http.ClientError;
import org.orderapp.interfaces.http.RequestLimits;

/**
 * Binds a JSON body to {@link NewOrder}, strictly. Jackson rather than the server's JSON-B (Yasson): Yasson takes
 * "12" for a number and cuts 1.5 or 1e12 down to an int without a word, and names no path when it fails; Jackson,
 * with coercion off, refuses a string, a fraction or an out-of-range number and says where (lines[0].quantity).
 * Jackson's stream limits bound nesting (1,000 levels) and number length (1,000 digits); the body itself is
 * bounded before parsing. The rules of an order are checked after binding, by {@code OrderInput.checked}.
 */
@Provider
@Consumes(MediaType.APPLICATION_JSON)
public class NewOrderReader implements MessageBodyReader<NewOrder> {

    private static final ObjectReader JSON = JsonMapper.builder()
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .withCoercionConfig(LogicalType.Integer, c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .build()
            .readerFor(NewOrder.class);

    @Override
    public boolean isReadable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return type == NewOrder.class;
    }

    @Override
    public NewOrder readFrom(Class<NewOrder> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                             MultivaluedMap<String, String> headers, InputStream body) throws IOException {
        return parse(RequestLimits.readBounded(body));
    }

    /** The body as a NewOrder, or a 400 naming the field (lines[0].quantity) or, when it is not JSON, the body. */
    static NewOrder parse(byte[] body) {
        if (body.length == 0) {
            throw ClientError.invalid("body", "a JSON body with customerId and lines is required");
        }
        try {
            return JSON.readValue(body);
        } catch (JsonMappingException e) {
            String field = path(e);
            if (field.isEmpty()) {
                throw ClientError.invalid("body", "the body must be a JSON object with customerId and lines");
            }
            throw ClientError.invalid(field, field + " must be " + expected(e));
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw ClientError.invalid("body", "the body is not acceptable JSON"
                    + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
        } catch (IOException e) {
            throw ClientError.invalid("body", "the body cannot be read");
        }
    }

    /** Where in the body, as a property path: customerId, lines[0].quantity. */
    private static String path(JsonMappingException e) {
        var path = new StringBuilder();
        for (var reference : e.getPath()) {
            if (reference.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String expected(JsonMappingException e) {
        Class<?> target = e instanceof MismatchedInputException m ? m.getTargetType() : null;
        if (target == null) {
            return "a whole number within range"; // a number token that does not fit its type (InputCoercionException)
        }
        if (Number.class.isAssignableFrom(target) || target.isPrimitive()) {
            return "a whole number within range";
        }
        if (Collection.class.isAssignableFrom(target)) {
            return "a list";
        }
        return "an object";
    }
}
