package org.orderapp.load.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.orderapp.load.http.Exchange;
import org.orderapp.load.workload.RequestType;
import org.junit.jupiter.api.Test;

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
}
