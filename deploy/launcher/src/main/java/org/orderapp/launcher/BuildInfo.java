package org.orderapp.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;

/** Versions the build wrote from the POM (build.properties), so none is written twice; also ./order --version. */
final class BuildInfo implements CommandLine.IVersionProvider {

    private static final Properties PROPERTIES = load();

    static String get(String key) {
        String value = PROPERTIES.getProperty(key);
        if (value == null || value.startsWith("${")) {
            throw new IllegalStateException("build.properties lacks " + key + ": rebuild the launcher with ./mvnw");
        }
        return value;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"Order " + get("order.version") + " on WildFly " + get("wildfly.version")};
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
