package org.orderapp.lab.interleaved;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The order of the variants within each block: a fresh random permutation per block, from a seed, so that no variant
 * is always measured first after the others (a warm cache, a settling machine) and a rerun with the seed measures in
 * the same order.
 */
public final class BlockOrder {

    private final SplittableRandom random;

    public BlockOrder(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** The next block: every variant once, shuffled (Fisher-Yates). */
    public <T> List<T> next(List<T> variants) {
        var order = new ArrayList<>(variants);
        for (int i = order.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            T swap = order.get(i);
            order.set(i, order.get(j));
            order.set(j, swap);
        }
        return order;
    }
}
