package org.orderapp.interfaces.rest;

import jakarta.json.bind.Jsonb;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;
import org.orderapp.interfaces.http.JsonBinding;

/** The API writes JSON with the web tier's one JSON-B instance, as the form endpoints do. */
@Provider
public class JsonbResolver implements ContextResolver<Jsonb> {

    @Override
    public Jsonb getContext(Class<?> type) {
        return JsonBinding.jsonb();
    }
}
