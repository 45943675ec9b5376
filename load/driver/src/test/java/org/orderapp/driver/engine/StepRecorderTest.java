package org.orderapp.driver.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.orderapp.driver.http.Exchange;
import org.orderapp.driver.workload.RequestType;

class StepRecorderTest {

    @Test
    void aRefusedRequestIsNeitherAnErrorNorThroughput() {
        var recorder = new StepRecorder(1_000_000);
        recorder.phase(Phase.MEASURE);
        long now = System.nanoTime();
        recorder.record(RequestType.NEW_ORDER, now, new Exchange(503, new byte[0], now, now + 1_000, Exchange.Failure.REFUSED),
                "refused (503, Retry-After)");
        recorder.record(RequestType.NEW_ORDER, now, new Exchange(201, new byte[0], now, now + 1_000, Exchange.Failure.NONE), null);
        recorder.record(RequestType.NEW_ORDER, now, new Exchange(500, new byte[0], now, now + 1_000, Exchange.Failure.NONE), "HTTP 500");
        assertEquals(1, recorder.refused(Phase.MEASURE));
        assertEquals(1, recorder.errorCount(), "only the 500 is an error");
        assertEquals(1, recorder.intervalResponse(RequestType.NEW_ORDER).getTotalCount(), "only the 201 is throughput");
        assertTrue(recorder.errors(Phase.MEASURE).containsKey("NewOrder: HTTP 500"), recorder.errors(Phase.MEASURE).toString());
    }

    @Test
    void theFirstAnswerOfEachKindOfErrorIsKeptOnOneShortLine() {
        var recorder = new StepRecorder(1_000_000);
        recorder.phase(Phase.MEASURE);
        long now = System.nanoTime();
        recorder.record(RequestType.NEW_ORDER, now, answer(404, "{\"error\":\n  \"no product 7\"}"), "HTTP 404");
        recorder.record(RequestType.NEW_ORDER, now, answer(404, "{\"error\": \"no customer 9\"}"), "HTTP 404");
        recorder.record(RequestType.ORDER_INQUIRY, now, answer(500, "x".repeat(5_000)), "HTTP 500");
        recorder.record(RequestType.ORDER_INQUIRY, now, new Exchange(0, null, now, now, Exchange.Failure.TIMEOUT), "timeout");

        var answers = recorder.firstAnswers(Phase.MEASURE);
        assertEquals("{\"error\": \"no product 7\"}", answers.get("NewOrder: HTTP 404"), "the first, whitespace folded");
        assertEquals("x".repeat(300) + "…", answers.get("OrderInquiry: HTTP 500"), "cut at 300 characters");
        assertEquals("", answers.get("OrderInquiry: timeout"), "no answer, no text");
        assertEquals(2, recorder.errors(Phase.MEASURE).get("NewOrder: HTTP 404"));
        assertTrue(recorder.firstAnswers(Phase.WARM_UP).isEmpty(), "kept per phase");
    }

    private static Exchange answer(int status, String body) {
        long now = System.nanoTime();
        return new Exchange(status, body.getBytes(java.nio.charset.StandardCharsets.UTF_8), now, now + 1_000, Exchange.Failure.NONE);
    }
}
