package org.orderapp.lab.experiment;

import java.util.List;

/**
 * The guide's reference: a section, table or figure, its result in words, and the ratios it reports, drawn
 * beside ours ({variant: tuned, metric: throughput, step: 100, ratio: 1.778}).
 */
public record Guide(String reference, String figure, List<Expected> expected) {
    public Guide {
        expected = expected == null ? List.of() : List.copyOf(expected);
    }

    /** One ratio the guide reports: the variant against the control, for a metric at a step. */
    public record Expected(String variant, String metric, Double step, double ratio) {
    }
}
