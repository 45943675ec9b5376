package org.orderapp.lab.interleaved;

/** How a block of the interleaved method measures its variants' windows. */
public enum Pairing {
    /** One after another in a random order, the others idle. */
    IN_TURN("in a random order"),
    /** All at the same time, the servers sharing the cores (duet); a round per variant of the busiest server. */
    DUET("all at once, each server on a database of its own (duet)"),
    /** All at the same time, each variant's server and database on cores of its own (duet on own cores). */
    DUET_ON_OWN_CORES("all at once, each server on a database and cores of its own (duet on own cores)");

    private final String words;

    Pairing(String words) {
        this.words = words;
    }

    /** Whether the variants of a block are measured at the same time. */
    public boolean together() {
        return this != IN_TURN;
    }

    /**
     * The blocks of a crossover group, in which every variant has had every core alike and over which its ratios are
     * paired (on own cores, {@link CorePinning#crossover}, on this machine's cores); null: the ratios are paired per block.
     */
    public Integer crossover(int variants) {
        return this == DUET_ON_OWN_CORES ? CorePinning.crossover(variants, CorePinning.cores()) : null;
    }

    /** How the blocks measure, for the plan and the comparison's method line. */
    public String words() {
        return words;
    }
}
