package org.orderapp.interfaces.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The one JSON writer of the web tier: the JSON API's provider uses it (through a ContextResolver) and the form
 * endpoints write with it, so an order has the same JSON shape whichever endpoint created it.
 *
 * <p>Jackson rather than the server's JSON-B (Yasson): a server profile showed Yasson's serialisation at 2.8 % of
 * the server's CPU, most of it its recursion guard hashing every record it writes. The answers stay what Yasson
 * wrote: members in alphabetical order, no null members, instants as ISO-8601 text, decimals as written.
 */
public final class JsonBinding {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .build();

    private JsonBinding() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** The value as JSON in UTF-8. */
    public static byte[] bytes(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }
}
