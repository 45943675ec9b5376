package org.orderapp.observation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The server's memory on huge pages, from /proc/PID/smaps_rollup as Linux 6 writes it. */
class ProcessMemoryTest {

    private static final String ROLLUP = """
            563363d56000-7ffd77665000 ---p 00000000 00:00 0                          [rollup]
            Rss:             2097152 kB
            Pss:             2000000 kB
            Anonymous:       2000000 kB
            AnonHugePages:   1048576 kB
            ShmemPmdMapped:        0 kB
            Shared_Hugetlb:        0 kB
            Private_Hugetlb:  524288 kB
            Swap:                  0 kB
            """;

    @Test
    void residentAndHugePagesInMegabytes() {
        var m = ProcessMemory.parse(ROLLUP);
        assertEquals(2048.0, m.get(ServerMetrics.SERVER_RSS_MB));
        assertEquals(1024.0, m.get(ServerMetrics.SERVER_THP_MB));
        assertEquals(512.0, m.get(ServerMetrics.SERVER_HUGETLB_MB));
        assertEquals(Map.of(), ProcessMemory.parse("no such fields"));
    }

    @Test
    void theWindowAddsBothKindsOfHugePages() {
        var w = ServerWindow.of(List.of(new ServerSample(0, ProcessMemory.parse(ROLLUP)), new ServerSample(1, ProcessMemory.parse(ROLLUP))), 10);
        assertEquals(1536.0, w.get(ServerMetrics.SERVER_HUGE_PAGES_MB));
        assertNull(ServerWindow.of(List.of(new ServerSample(0, Map.of())), 10).get(ServerMetrics.SERVER_HUGE_PAGES_MB));
    }
}
