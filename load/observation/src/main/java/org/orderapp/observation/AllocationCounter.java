package org.orderapp.observation;

import java.util.HashMap;
import java.util.Map;

/**
 * The bytes the server JVM has allocated on its heap, from its per-thread counters (ThreadMXBean's allocated bytes,
 * read through the management interface). A thread's counter goes when the thread ends, so a plain sum would fall;
 * this keeps a total that only grows: each thread's growth since it was last seen, and a new thread's whole count.
 * What a thread allocated between its last sample and its end is missed, which pooled threads make rare.
 * <p>
 * A thread's count may read lower than it did before: HotSpot adds the bytes of the thread's current allocation buffer
 * to its count without a lock, and a reading taken while the buffer is being retired counts that buffer twice. The
 * fall is a buffer's worth, and the thread is the same (HotSpot never gives an ended thread's id to a new one): it
 * adds nothing, and its growth is counted from the highest reading. Taking the lower reading for a new thread's whole
 * count added a long-lived thread's lifetime allocation, gigabytes, to a window of a few seconds.
 */
public final class AllocationCounter {

    private Map<Long, Long> lastSeen = new HashMap<>();
    private long total;

    /**
     * @param ids   the live threads' ids
     * @param bytes their allocated bytes, in the same order; -1 for a thread that ended meanwhile or is not measured
     * @return the bytes allocated since the first update, all threads together
     */
    synchronized long update(long[] ids, long[] bytes) {
        if (ids.length != bytes.length) {
            throw new IllegalArgumentException(ids.length + " thread ids but " + bytes.length + " counts");
        }
        Map<Long, Long> seen = new HashMap<>();
        boolean first = lastSeen.isEmpty() && total == 0;
        for (int i = 0; i < ids.length; i++) {
            if (bytes[i] < 0) {
                continue;
            }
            Long before = lastSeen.get(ids[i]);
            if (!first) {
                total += before == null ? bytes[i] : Math.max(0, bytes[i] - before);
            }
            seen.put(ids[i], before == null ? bytes[i] : Math.max(before, bytes[i]));
        }
        lastSeen = seen;
        return total;
    }
}
