package org.orderapp.lab.experiment;

import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The format of an experiment's file: YAML, its keys in kebab case as the command line's options are, an unknown key
 * refused. A file that cannot be read as the record it should hold is an IllegalArgumentException naming the file,
 * and the line where it can.
 */
final class DefinitionYaml {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .setPropertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private DefinitionYaml() {
    }

    /** The file read as a record of that type; null for an empty file. */
    static <T> T read(Path file, Class<T> type) throws IOException {
        try {
            return YAML.readValue(file.toFile(), type);
        } catch (UnrecognizedPropertyException e) {
            throw new IllegalArgumentException(file + ": unknown key '" + e.getPropertyName() + "'"
                    + (e.getKnownPropertyIds() == null ? "" : "; known here: " + e.getKnownPropertyIds()));
        } catch (JsonMappingException e) {
            boolean syntax = e.getCause() instanceof StreamReadException;
            throw new IllegalArgumentException(file + ": " + (syntax ? "not valid YAML: " : "")
                    + e.getOriginalMessage().lines().findFirst().orElse("")
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")"));
        } catch (StreamReadException e) {
            throw new IllegalArgumentException(file + ": not valid YAML: " + e.getOriginalMessage().lines().findFirst().orElse("")
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")"));
        }
    }

    /** A record as the file's keys and values. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> asMap(Object value) {
        return YAML.convertValue(value, Map.class);
    }
}
