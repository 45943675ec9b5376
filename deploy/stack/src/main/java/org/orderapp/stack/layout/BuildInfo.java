package org.orderapp.stack.layout;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** Versions the build wrote from the POM (build.properties), so none is written twice. */
public final class BuildInfo {

    private static final Properties PROPERTIES = load();

    public static String get(String key) {
        String value = PROPERTIES.getProperty(key);
        if (value == null || value.startsWith("${")) {
            throw new IllegalStateException("build.properties lacks " + key + ": rebuild the launcher with ./mvnw");
        }
        return value;
    }

    private BuildInfo() {
    }

    private static Properties load() {
        var properties = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("build.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }
}
