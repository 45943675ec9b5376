package org.orderapp.driver.engine;

/** How load is offered during a step: a fixed population of users (closed) or a fixed arrival rate (open). */
public interface LoadShape {

    /** Starts offering load; requests are recorded into the recorder until {@link #stop()}. */
    void start(StepRecorder recorder);

    /** Stops offering load and waits for requests in flight to finish (at most the request timeout). */
    void stop() throws InterruptedException;
}
