package org.orderapp.lab.interleaved;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * How an interleaved experiment runs: its stop rule and seed, where and when it started, the warm-up's users per
 * server, how a variant's data is brought back before each window, and whether a block measures its variants in turn
 * or all at once.
 *
 * @param folder       the experiment's folder (comparison files), with the variants' run folders under runs/
 * @param startedNanos when the experiment started (System.nanoTime), for the time limit
 * @param command      the command line, for the comparison
 * @param notes        what the comparison notes from the start (the variants' durability)
 * @param pairing      whether a block measures its variants in turn or at the same time, and on whose cores
 */
public record InterleavedSettings(StopRule stop, long seed, Path folder, long startedNanos, Instant started, String command,
                                  int warmUpUsers, DataReset reset, List<String> notes, Pairing pairing) {

    /**
     * Brings a variant's database back to the state the reference-data load left (orders removed, stock restored), as
     * the method of rounds does before every run: every window then starts from the same data, instead of from all the
     * orders of the windows before it (which made every transaction costlier as the experiment went on: 16 % more
     * allocation per transaction and a third more bytes per browse over 40 minutes, calibration, 2026-11-25).
     */
    @FunctionalInterface
    public interface DataReset {
        void reset(ResidentVariant variant) throws Exception;
    }
}
