package org.orderapp.driver;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.orderapp.driver.settings.LoadConfig;

/** Creates a run's folder under the configuration's output, named by the time, the load model and the label. */
final class RunFolderCreation {

    private RunFolderCreation() {
    }

    /** A new folder "20261125-143000-closed-label" (with "-2", "-3" ... when taken), with its histograms folder. */
    static Path create(LoadConfig config) throws IOException {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        String name = stamp + "-" + config.model().name().toLowerCase(Locale.ROOT)
                + (config.label() == null || config.label().isBlank() ? "" : "-" + config.label().replaceAll("[^A-Za-z0-9._-]", "_"));
        Path folder = config.output().resolve(name);
        for (int n = 2; Files.exists(folder); n++) {
            folder = config.output().resolve(name + "-" + n);
        }
        Files.createDirectories(folder.resolve("histograms"));
        return folder;
    }
}
