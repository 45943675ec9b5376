package org.orderapp.driver.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.orderapp.driver.http.Exchange;
import org.orderapp.driver.workload.RequestType;
import org.orderapp.driver.workload.SimulatedUser;

/**
 * The open model keeps its schedule when the server falls behind: arrivals queue for a connection, and their
 * response time counts from when they were due, while the service time shows only the time on the wire.
 */
class OpenLoadTest {

    @Test
    void responseTimeCountsFromTheIntendedStartWhenArrivalsQueue() throws Exception {
        var recorder = new StepRecorder(Duration.ofMillis(10).toNanos());
        recorder.phase(Phase.MEASURE);
        // One connection, each transaction takes 20 ms (capacity 50/s), 200/s offered: the backlog grows.
        UserFactory slow = (n, rec) -> new SimulatedUser() {
            @Override
            public void next(long intended) {
                long sent = System.nanoTime();
                LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
                rec.record(RequestType.PING, intended, new Exchange(200, new byte[0], sent, System.nanoTime(),
                        Exchange.Failure.NONE), null);
            }

            @Override
            public void close() {
            }
        };
        var load = new OpenLoad(200, 1, slow, Duration.ofSeconds(5));
        load.start(recorder);
        Thread.sleep(1_000);
        load.stop();

        var response = recorder.intervalResponse(RequestType.PING);
        var service = recorder.intervalService(RequestType.PING);
        assertTrue(response.getTotalCount() > 10, "requests were made: " + response.getTotalCount());
        assertTrue(service.getValueAtPercentile(50) < 200_000, "service time stays near 20 ms: " + service.getValueAtPercentile(50) + " µs");
        assertTrue(response.getMaxValue() > 400_000, "the queueing shows in the response time: max " + response.getMaxValue() + " µs");
        assertTrue(recorder.lateStarts() > 0, "late starts are counted");
    }

    /** A ramp of 120 s to 150 a second: as many arrivals in its first minute as a quarter of its whole, then on time. */
    @Test
    void aRampRaisesTheRateEvenlyThenKeepsIt() {
        assertEquals(2.0, OpenLoad.dueSeconds(300, 150, 0), 1e-12, "no ramp: i / rate");
        // Over the ramp the arrivals are rate t² / 2R: 9,000 by its end, 2,250 by its middle.
        assertEquals(60.0, OpenLoad.dueSeconds(2_250, 150, 120), 1e-9);
        assertEquals(120.0, OpenLoad.dueSeconds(9_000, 150, 120), 1e-9);
        assertEquals(180.0, OpenLoad.dueSeconds(18_000, 150, 120), 1e-9, "then the full rate, 60 s behind an unramped start");
        double gapEarly = OpenLoad.dueSeconds(101, 150, 120) - OpenLoad.dueSeconds(100, 150, 120);
        double gapLate = OpenLoad.dueSeconds(8_001, 150, 120) - OpenLoad.dueSeconds(8_000, 150, 120);
        assertTrue(gapEarly > 6 * gapLate, "early arrivals far apart, late ones near 1/150 s: " + gapEarly + ", " + gapLate);
        assertEquals(1 / 150.0, OpenLoad.dueSeconds(20_001, 150, 120) - OpenLoad.dueSeconds(20_000, 150, 120), 1e-9);
        for (long i = 1; i < 12_000; i++) {
            assertTrue(OpenLoad.dueSeconds(i, 150, 120) > OpenLoad.dueSeconds(i - 1, 150, 120), "in order at " + i);
        }
    }
}
