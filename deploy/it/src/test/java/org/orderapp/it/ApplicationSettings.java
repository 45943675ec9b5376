package org.orderapp.it;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The application's settings as a deployment without -D properties has them: order-ejb's
 * META-INF/microprofile-config.properties, the one place their defaults are written.
 */
final class ApplicationSettings {

    private static final Path FILE = Path.of(System.getProperty("order.home"),
            "order-ejb/src/main/resources/META-INF/microprofile-config.properties");

    private ApplicationSettings() {
    }

    static int integer(String name) {
        var settings = new Properties();
        try (Reader in = Files.newBufferedReader(FILE)) {
            settings.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String value = settings.getProperty(name);
        if (value == null) {
            throw new IllegalArgumentException(name + " has no default in " + FILE);
        }
        return Integer.parseInt(value.strip());
    }
}
