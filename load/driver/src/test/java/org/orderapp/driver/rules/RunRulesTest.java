package org.orderapp.driver.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.orderapp.driver.audit.AuditResult;
import org.orderapp.driver.engine.StepResult;
import org.orderapp.driver.engine.WarmUp;
import org.orderapp.driver.workload.RequestType;
import org.orderapp.driver.workload.TransactionMix;

/** The run rules on windows whose figures are known exactly. */
class RunRulesTest {

    private static final TransactionMix MIX = TransactionMix.parse("neworder=50,inquiry=40,browse=10");

    /** A window with n requests of each type at a fixed response time in milliseconds. */
    private static StepResult window(Map<RequestType, long[]> countAndMillis, Map<String, Long> errors) {
        Map<RequestType, Histogram> response = new EnumMap<>(RequestType.class);
        for (RequestType t : RequestType.values()) {
            var h = new Histogram(3_600_000_000L, 3);
            long[] cm = countAndMillis.get(t);
            if (cm != null) {
                h.recordValueWithCount(cm[1] * 1000, cm[0]);
            }
            response.put(t, h);
        }
        return new StepResult(1, 0, 20, "20 users", 0, 30, response, response, errors, Map.of(), 0, 0, List.of(),
                new WarmUp(WarmUp.FIXED, 10, null, List.of(), null));
    }

    private static Map<RequestType, long[]> inMix(long newOrderMillis) {
        return Map.of(RequestType.NEW_ORDER, new long[] {500, newOrderMillis}, RequestType.ORDER_INQUIRY, new long[] {400, 20},
                RequestType.BROWSE_SEARCH, new long[] {100, 30}, RequestType.BROWSE_NEXT, new long[] {200, 5});
    }

    @Test
    void aWindowInMixAndWithinLimitsIsValid() {
        var v = RunRules.defaults().check(window(inMix(100), Map.of()), MIX);
        assertTrue(v.valid(), v.reasons().toString());
    }

    @Test
    void aSlowRequestTypeBreaksItsLimit() {
        var v = RunRules.defaults().check(window(inMix(2_500), Map.of()), MIX);
        assertFalse(v.valid());
        assertEquals(List.of("20 users: NewOrder p90 2,501 ms > limit 2,000 ms"), v.reasons());
        var relaxed = new RunRules(Map.of(RequestType.NEW_ORDER, Duration.ofSeconds(3)), 0.05, 0.01);
        assertTrue(relaxed.check(window(inMix(2_500), Map.of()), MIX).valid());
    }

    @Test
    void aMixOffByMoreThanTheToleranceIsInvalid() {
        // 600 new orders, 300 inquiries, 100 browses: 60 % against 50 %, 30 % against 40 %
        var counts = Map.of(RequestType.NEW_ORDER, new long[] {600, 10}, RequestType.ORDER_INQUIRY, new long[] {300, 10},
                RequestType.BROWSE_SEARCH, new long[] {100, 10});
        var v = RunRules.defaults().check(window(counts, Map.of()), MIX);
        assertEquals(List.of("20 users: NewOrder share 60.0 % against 50.0 % configured (tolerance ±5.0 points)",
                "20 users: OrderInquiry share 30.0 % against 40.0 % configured (tolerance ±5.0 points)"), v.reasons());
        // Failed attempts count as transactions of their kind: 100 refused inquiries bring the mix back.
        var withErrors = RunRules.defaults().withMaxErrorRate(1).check(window(counts, Map.of("OrderInquiry: HTTP 503", 100L)), MIX);
        assertTrue(withErrors.valid(), withErrors.reasons().toString());
    }

    @Test
    void wrongAnswersAndTooManyFailuresAreInvalid() {
        var wrong = RunRules.defaults().check(window(inMix(10), Map.of("NewOrder: bad NewOrder answer: wrong total", 1L)), MIX);
        assertEquals(List.of("20 users: 1 wrong answer(s)"), wrong.reasons());
        // 1,200 answered + 20 timeouts: 1.6 % failed, over the 1 % limit
        var failed = RunRules.defaults().check(window(inMix(10), Map.of("NewOrder: timeout", 20L)), MIX);
        assertEquals(List.of("20 users: 20 of 1,220 requests failed (1.64 %, limit 1.00 %)"), failed.reasons());
        var few = RunRules.defaults().check(window(inMix(10), Map.of("NewOrder: HTTP 409", 5L)), MIX);
        assertTrue(few.valid(), "0.4 % failed: within the limit " + few.reasons());
    }

    @Test
    void theRunNeedsItsAuditToPass() {
        var step = window(inMix(10), Map.of());
        assertEquals(List.of("the audit was skipped"), RunRules.defaults().check(List.of(step), MIX, null).reasons());
        var failed = new AuditResult(false, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, List.of(), 0, 0, 0, 0, 0, 0, 0, true,
                org.orderapp.driver.audit.OutboxBacklog.NO_OUTBOX, List.of("order x is missing"));
        assertEquals(List.of("the audit failed: order x is missing"), RunRules.defaults().check(List.of(step), MIX, failed).reasons());
    }

    @Test
    void limitsAndSharesParse() {
        var limits = RunRules.parseLimits(List.of("NewOrder=500ms", "browsenext=1s"), org.orderapp.driver.settings.Durations::parse);
        assertEquals(Duration.ofMillis(500), limits.get(RequestType.NEW_ORDER));
        assertEquals(Duration.ofSeconds(1), limits.get(RequestType.BROWSE_NEXT));
        assertEquals(5, RunRules.parseLimits(List.of("all=3s"), org.orderapp.driver.settings.Durations::parse).size());
        assertEquals(0.05, RunRules.parseShare("5%", "--x"), 1e-12);
        assertEquals(0.05, RunRules.parseShare("0.05", "--x"), 1e-12);
        var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> RunRules.parseLimits(List.of("Checkout=1s"), org.orderapp.driver.settings.Durations::parse));
        assertTrue(e.getMessage().contains("unknown request type 'Checkout'"), e.getMessage());
    }
}
