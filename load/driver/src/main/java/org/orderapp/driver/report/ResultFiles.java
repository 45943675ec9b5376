package org.orderapp.driver.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.orderapp.driver.settings.Durations;
import org.orderapp.driver.settings.LoadConfig;

/**
 * How result files are written: JSON by one Jackson mapper (durations as "30s", as the command line takes them),
 * CSV by Jackson's CSV module (a header row; cells quoted only where they must be).
 */
public final class ResultFiles {

    public static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .addModule(new SimpleModule().addSerializer(Duration.class, new StdSerializer<>(Duration.class) {
                @Override
                public void serialize(Duration value, JsonGenerator json, SerializerProvider provider) throws IOException {
                    json.writeString(Durations.format(value));
                }
            }))
            .build();

    private static final CsvMapper CSV = CsvMapper.builder().enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING).build();

    private ResultFiles() {
    }

    /**
     * The stem of a step's files (its histogram log, percentile distributions and flame graph): run1-step2-60users,
     * or run1-step1-12.5tps for an open model.
     */
    public static String stepStem(int repeat, int index, double step, LoadConfig config) {
        return String.format(Locale.ROOT, "run%d-step%d-%s", repeat, index + 1,
                config.model() == LoadConfig.Model.CLOSED ? (long) step + "users" : trim(step) + "tps");
    }

    /** A figure in a result file, to four decimals. */
    static String f(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }

    /** A step or a sampled value: a whole number without decimals, any other to four. */
    static String trim(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.4f", v);
    }

    /** A CSV file: the header, then one row per list of cells (null: an empty cell). */
    public static void writeCsv(Path file, List<String> header, List<? extends List<?>> rows) throws IOException {
        var schema = CsvSchema.builder().addColumns(header, CsvSchema.ColumnType.STRING).build().withHeader();
        try (var writer = CSV.writer(schema).writeValues(file.toFile())) {
            for (List<?> row : rows) {
                writer.write(row);
            }
        }
    }
}
