package org.orderapp.lab.experiment;

import java.util.List;
import java.util.Map;

/**
 * How an experiment measured: "rounds" (a fresh database and server per run, the variants alternating, a ratio per
 * round) or "interleaved" (every variant's server started once and warmed, then short windows in blocks of every
 * variant in a random order, a ratio per block, until the intervals are as narrow as asked or the time is up).
 *
 * @param precision the relative half-width asked of every headline interval (interleaved), else null
 * @param blocks    blocks measured (interleaved), else null
 * @param stop      why the measurement stopped, in words
 * @param minutes   the experiment's wall time so far, start and warm-up included
 * @param detected  for calibration variants (order.calibration.spin-micros): the CPU injected and what was found
 * @param because   why this method, where it is not the default (a benchmark, a cluster)
 * @param audit     interleaved: the audit of every database at the end ("PASS", or what failed); rounds: null, each run
 *                  has its own
 * @param profiles  with --cpu-profile: each variant's server profile against the control's, as a differential flame
 *                  graph and the frames that changed most
 * @param crossover interleaved on own cores: the blocks of a crossover group, in which every variant had every core
 *                  alike (blocks 1 to n the first group, n+1 to 2n the next); the ratios are paired per
 *                  group, the geometric mean of its blocks, so that a core faster than the other favours no variant.
 *                  Null: paired per block (or round)
 */
public record Method(String name, String description, Double precision, Integer blocks, String stop, Double minutes,
                     List<Detected> detected, String because, String audit, List<ProfileDiff> profiles, Integer crossover) {

    public static final String ROUNDS = "rounds";
    public static final String INTERLEAVED = "interleaved";

    public Method {
        detected = detected == null ? List.of() : List.copyOf(detected);
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
    }

    /**
     * A variant's server CPU profile against the control's at one step, added up over every window: the page of the
     * differential flame graph (relative to the experiment's folder), the server's profiled CPU per transaction of each,
     * and the frames whose CPU per transaction (inclusive) changed most.
     */
    public record ProfileDiff(String variant, double step, String stepName, String page, double controlMsPerTx,
                              double variantMsPerTx, List<FrameChange> frames) {
    }

    /** A frame's inclusive CPU milliseconds per transaction in the control and in the variant. */
    public record FrameChange(String frame, double controlMs, double variantMs) {
        public double deltaMs() {
            return variantMs - controlMs;
        }
    }

    /** Whether the method's own audit, if it has one, passed. */
    public boolean auditPassed() {
        return audit == null || audit.equals("PASS");
    }

    /**
     * A variant's CPU spin against the control's: the server CPU per transaction injected, and the paired difference of
     * the server's CPU per transaction found, with its 95 % interval, in microseconds; partsMicros: the same difference
     * in each part of the server's CPU that was measured (requests, io, gc, jit, rest; system cuts across them), so that
     * a surplus shows where it went (not paced, for {@link #PACED}). For a variant switched at runtime on the control's
     * server and measured all at once beside other servers, withinServerMicros, withinServerCi95 and withinServerN are the same difference taken within
     * that server alone (its two windows of the block, not carried by the other servers' change): the other servers
     * measured beside the variant respond to it as their neighbour, which the paired figure reads as the machine's
     * change; this one reads no partner's response as the machine's, but it keeps the machine's change between the two
     * rounds, so where the machine's pace is common to the servers it is the wider. For {@link #PACED}, the same quartets
     * not paced (n counts switched windows). Null (and 0) otherwise.
     *
     * <p>{@code by} says how the difference was found: {@link #SWITCHED}, within the variant's switched windows (its
     * setting against its host's, parts seconds apart on one server, a window's quartets averaged; n counts the windows); {@link #PACED}, the same
     * with the machine's pace in each part, read from the server's own database, the other servers measured at the
     * same time or the two added ({@code pace}), taken out (the withinServer figures are then the same quartets not paced); or {@link #PAIRED}, the variant's windows against the
     * control's (n counts blocks). {@code goalMicros}: how near the injected CPU the
     * calibration's goal asks the figure to be (±15 µs, or 15 % of a larger spin); its interval's half-width within it is
     * part of the calibration's stop rule. {@code pace}, for {@link #PACED} only (else null): where the machine's pace was
     * read, {@link #BY_DATABASE} (the server's own database: the same transactions' other half, whose work a setting of
     * the server does not change), {@link #BY_NEIGHBOURS} (the other servers measured at the same time) or
     * {@link #BY_DATABASE_AND_NEIGHBOURS} (the two, their CPU per transaction added): of those read in every part, the
     * database unless another leaves the two parts at the host's setting clearly nearer each other; paceSpreads, for {@link #PACED} only (else null),
     * gives that spread for each of them, in µs per transaction (Calibration.sameSettingSpreads). paceMicros and
     * paceCi95, for {@link #PACED} only (else null): that pace's own CPU per transaction in the variant's parts less in
     * the host's, the same quartets, the check on the pacing: a response of the pace's source to the spinning server (the
     * cores they share, the requests' timing) is taken for the machine's and subtracted from the spin; an interval that
     * holds 0 shows none this run can detect.
     *
     * <p>compilerApart, for switched windows whose parts all had the switched server's JIT compiler threads read
     * (always on Linux; paced by the other servers, a quartet whose neighbours' compilers were not read is then not
     * paced, nor the figure): the figures above (the found one, the one not paced, the other servers' own) are of the
     * CPU less the compilers' (the server's, and the other servers' for their pace), whose bursts of up to a third of a second fall on one part or
     * another; wholeMicros and wholeCi95 are then the same quartets with every thread's CPU counted, paced alike, and
     * partsMicros still holds the compiler's own difference. False, and null, otherwise. collectorApart, where
     * compilerApart and every part had the server's collector threads read too (the other servers' too, for their
     * pace): the same figures are of the CPU less the collectors' as well, whose old generation's collections, rare on
     * a warm server, take hundreds of milliseconds in the one part they fall on (a spin allocates nothing); wholeMicros
     * then counts both, and partsMicros still holds the collector's own difference.
     *
     * <p>pooled, for switched windows only: where the same spin was switched as several variants (Calibration.twins: on
     * each server of the A/A pair at once, and in more than one round a block), the variants whose windows were pooled,
     * this one first, each block's figure then the mean of their windows' and n the blocks; null where the variant was
     * measured alone, n then its windows.
     */
    public record Detected(String variant, double step, String stepName, double injectedMicros, Double detectedMicros,
                           List<Double> ci95, int n, Map<String, Double> partsMicros, Double withinServerMicros,
                           List<Double> withinServerCi95, int withinServerN, String by, double goalMicros,
                           String pace, Double paceMicros, List<Double> paceCi95, boolean compilerApart, boolean collectorApart,
                           Double wholeMicros,
                           List<Double> wholeCi95, Map<String, Double> paceSpreads, List<String> pooled) {

        public static final String SWITCHED = "switched";
        public static final String PACED = "switched-paced";
        public static final String PAIRED = "paired";
        public static final String BY_DATABASE = "its-database";
        public static final String BY_NEIGHBOURS = "other-servers";
        public static final String BY_DATABASE_AND_NEIGHBOURS = "its-database-and-other-servers";

        /** The interval's farther end from the estimate, in microseconds; null without an interval. */
        public Double halfWidthMicros() {
            return detectedMicros == null || ci95 == null ? null
                    : Math.max(ci95.get(1) - detectedMicros, detectedMicros - ci95.get(0));
        }
    }
}
