package org.orderapp.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.orderapp.batch.LoadParameters.Writer;

/** Writers are chosen by their label in requests, and come back the same from the job's parameters. */
class LoadParametersTest {

    @Test
    void everyWriterIsFoundByItsLabelAndSurvivesTheJobParameters() {
        for (Writer writer : Writer.values()) {
            assertEquals(writer, Writer.of(writer.label()));
            var parameters = new LoadParameters(0.002, 7, 1_000, false, writer);
            assertEquals(parameters, LoadParameters.of(parameters.toJobParameters()));
        }
        assertEquals(Writer.JPA_PERSIST, Writer.of("jpa-persist"));
    }

    @Test
    void theLoaderIsTheDefaultWriterOfAJobWithoutOne() {
        var properties = new LoadParameters(0.002, 7, 1_000, false, Writer.JDBC).toJobParameters();
        properties.remove(LoadParameters.WRITER);
        assertEquals(Writer.JPA, LoadParameters.of(properties).writer());
    }

    @Test
    void anUnknownWriterIsRefusedWithTheKnownOnes() {
        var refused = assertThrows(IllegalArgumentException.class, () -> Writer.of("csv"));
        assertTrue(refused.getMessage().contains("jpa-persist"), refused.getMessage());
    }
}
