package org.orderapp.driver.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** --hot-products: what it accepts, and which products the orders then name. */
class HotProductsTest {

    /** Two centers with products 1..100 each. */
    private static final Catalog CATALOG = Catalog.of(new long[] {1, 2}, new int[] {1, 2},
            Map.of(1, LongStream.rangeClosed(1, 100).toArray(), 2, LongStream.rangeClosed(1, 100).toArray()));

    @Test
    void specsAreReadAsWritten() {
        assertEquals(new HotProducts(5, 1.0), HotProducts.parse("5"));
        assertEquals(new HotProducts(5, 0.8), HotProducts.parse("5:0.8"));
        assertEquals(new HotProducts(5, 0.8), HotProducts.parse(" 5 : 80% "));
        assertEquals("5:0.8", HotProducts.parse("5:80%").toString());
        assertEquals("3:1", HotProducts.parse("3").toString());
        for (String bad : new String[] {"0", "-1", "5:0", "5:1.5", "5:120%", "five", "5:much", "", "5:"}) {
            var e = assertThrows(IllegalArgumentException.class, () -> HotProducts.parse(bad), bad);
            assertTrue(e.getMessage().contains("--hot-products"), e.getMessage());
        }
    }

    @Test
    void everyLineNamesAHotProductWhileThereIsOne() {
        var random = new SplittableRandom(7);
        var hot = new HotProducts(3, 1.0);
        for (int i = 0; i < 1000; i++) {
            long[] two = CATALOG.products(i % 2, 2, hot, random);
            assertTrue(Arrays.stream(two).allMatch(p -> p <= 3), Arrays.toString(two));
            long[] five = CATALOG.products(i % 2, 5, hot, random);
            assertEquals(3, Arrays.stream(five).filter(p -> p <= 3).count(), "the three hot ones, then others: " + Arrays.toString(five));
            assertEquals(5, Arrays.stream(five).distinct().count(), "distinct products: " + Arrays.toString(five));
        }
    }

    @Test
    void theShareIsTheProbabilityOfAHotLine() {
        var random = new SplittableRandom(11);
        var hot = new HotProducts(10, 0.25);
        long lines = 0;
        long hotLines = 0;
        for (int i = 0; i < 20_000; i++) {
            for (long p : CATALOG.products(0, 1, hot, random)) {
                lines++;
                hotLines += p <= 10 ? 1 : 0;
            }
        }
        assertEquals(0.25, (double) hotLines / lines, 0.02);
        assertThrows(IllegalStateException.class, () -> CATALOG.check(new HotProducts(100, 1.0)), "no product would be left");
        CATALOG.check(new HotProducts(99, 1.0));
    }

    @Test
    void anOrderCanNameEveryProductOfItsCenter() {
        long[] all = CATALOG.products(0, 100, new HotProducts(10, 0.5), new SplittableRandom(3));
        assertEquals(100, Arrays.stream(all).distinct().count());
    }
}
