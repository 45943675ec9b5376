package org.orderapp.batch;

import java.util.List;
import java.util.Map;

/**
 * What a reset did: what {@code POST /api/admin/reference-data/reset} answers.
 *
 * @param scope    orders, loaded or all
 * @param emptied  the tables emptied
 * @param restored scope loaded: per stock table, the rows put back at the quantity the load gave them
 * @param skipped  scope loaded: per stock table, the changed rows left as they are because the load never made
 *                 them (ids outside its plan, such as test data)
 * @param seconds  the time the reset took in the server
 */
public record ResetOutcome(String scope, List<String> emptied, Map<String, Long> restored, Map<String, Long> skipped,
                           double seconds) {
}
