package org.orderapp.batch;

import java.util.Map;

/**
 * What a load at a scale would write: what {@code GET /api/admin/reference-data/plan} answers.
 *
 * @param scale                the scale asked for (1.0 is the guide's data set)
 * @param defaultBatchSize     the chunk size a load uses unless told otherwise
 * @param totalRows            all the rows of the plan
 * @param rows                 per table, in load order
 * @param referenceDataPresent whether the database already holds reference data
 */
public record ReferenceDataPlan(double scale, int defaultBatchSize, long totalRows, Map<String, Long> rows,
                                boolean referenceDataPresent) {
}
