package org.orderapp.observation;

import java.util.Map;

/** The server's and the database's figures at one moment (seconds since the run started). */
public record ServerSample(double seconds, Map<String, Double> values) {

    public Double get(String name) {
        return values.get(name);
    }
}
