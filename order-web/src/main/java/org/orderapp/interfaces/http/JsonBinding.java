package org.orderapp.interfaces.http;

import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;

/**
 * The one JSON-B instance of the web tier: the JSON API's provider uses it (through a ContextResolver) and the
 * form endpoints write with it, so an order has the same JSON shape whichever endpoint created it.
 */
public final class JsonBinding {

    private static final Jsonb JSONB = JsonbBuilder.create();

    private JsonBinding() {
    }

    public static Jsonb jsonb() {
        return JSONB;
    }
}
