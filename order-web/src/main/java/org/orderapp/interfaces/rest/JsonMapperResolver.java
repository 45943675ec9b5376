package org.orderapp.interfaces.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;
import org.orderapp.interfaces.http.JsonBinding;

/**
 * The API writes JSON with the web tier's one Jackson mapper, as the form endpoints do. RESTEasy's Jackson provider
 * asks for it; web.xml's resteasy.preferJacksonOverJsonB makes that provider, not JSON-B's, write the answers.
 */
@Provider
public class JsonMapperResolver implements ContextResolver<ObjectMapper> {

    @Override
    public ObjectMapper getContext(Class<?> type) {
        return JsonBinding.mapper();
    }
}
