package org.orderapp.batch;

import java.util.Locale;
import java.util.Properties;
import org.orderapp.batch.referencedata.LoadPlan;

/**
 * The parameters of one reference-data load, as job parameters. The job XML copies them into job properties,
 * where every artifact reads them back; a restart keeps the original values.
 *
 * @param batchSize rows per chunk: one transaction, one JDBC batch
 * @param resetAll  remove all data (orders and reference data) before loading
 * @param writer    how rows reach the database: the loader on batch-services (a stateless session; or persist,
 *                  flush and clear), or JDBC for the benchmark's bounds
 */
public record LoadParameters(double scale, long seed, int batchSize, boolean resetAll, Writer writer) {

    public static final String SCALE = "scale";
    public static final String SEED = "seed";
    public static final String BATCH_SIZE = "batchSize";
    public static final String RESET_ALL = "resetAll";
    public static final String WRITER = "writer";
    /** The chunk writer artifact, chosen by name in the job XML. */
    public static final String WRITER_REF = "writerRef";
    public static final String CHUNK_TIMEOUT = "chunkTimeoutSeconds";

    /** Large enough for any sensible chunk, small enough that one chunk's entities fit a modest heap. */
    public static final int MAX_BATCH_SIZE = 100_000;

    /** WildFly's default transaction timeout; chunks larger than 30,000 rows get 1 s per 100 rows. */
    static final int MIN_CHUNK_TIMEOUT_SECONDS = 300;
    static final int SLOWEST_ROWS_PER_SECOND = 100;

    public enum Writer {
        // The job repository keeps each load's artifact name, so a name once used stays: a load interrupted before an
        // upgrade restarts with it (jpaRowWriter is now the stateless-session loader).
        JPA("jpaRowWriter"), JPA_PERSIST("persistenceContextRowWriter"), JDBC("jdbcRowWriter"),
        JDBC_BATCH("jdbcBatchRowWriter");

        private final String artifact;

        Writer(String artifact) {
            this.artifact = artifact;
        }

        /** The name used in requests and reports: jpa, jpa-persist, jdbc, jdbc-batch. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public static Writer of(String name) {
            try {
                return valueOf(name.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("writer must be jpa, jpa-persist, jdbc or jdbc-batch: " + name);
            }
        }
    }

    public LoadParameters {
        new LoadPlan(scale); // validates the scale
        if (batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
            throw new IllegalArgumentException("batch size must be between 1 and " + MAX_BATCH_SIZE + ": " + batchSize);
        }
        if (writer == null) {
            throw new IllegalArgumentException("writer is required");
        }
    }

    public LoadPlan plan() {
        return new LoadPlan(scale);
    }

    /**
     * Each chunk is one transaction, so the timeout bounds one chunk, not the whole load (the guide's loader ran
     * the whole inventory in one transaction and needed 4,800 s). Sized so that a chunk may crawl at
     * {@value #SLOWEST_ROWS_PER_SECOND} rows/s, far below the slowest rate measured (rewriting off).
     */
    public int chunkTimeoutSeconds() {
        return Math.max(MIN_CHUNK_TIMEOUT_SECONDS, batchSize / SLOWEST_ROWS_PER_SECOND);
    }

    public Properties toJobParameters() {
        var p = new Properties();
        p.setProperty(SCALE, Double.toString(scale));
        p.setProperty(SEED, Long.toString(seed));
        p.setProperty(BATCH_SIZE, Integer.toString(batchSize));
        p.setProperty(RESET_ALL, Boolean.toString(resetAll));
        p.setProperty(WRITER, writer.label());
        p.setProperty(WRITER_REF, writer.artifact);
        p.setProperty(CHUNK_TIMEOUT, Integer.toString(chunkTimeoutSeconds()));
        return p;
    }

    /** Reads the parameters back from job parameters or from the job's properties. */
    public static LoadParameters of(Properties p) {
        return new LoadParameters(Double.parseDouble(required(p, SCALE)), Long.parseLong(required(p, SEED)),
                Integer.parseInt(required(p, BATCH_SIZE)), Boolean.parseBoolean(p.getProperty(RESET_ALL, "false")),
                Writer.of(p.getProperty(WRITER, "jpa")));
    }

    private static String required(Properties p, String name) {
        String value = p.getProperty(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("job parameter " + name + " is missing");
        }
        return value;
    }
}
