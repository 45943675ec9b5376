package org.orderapp.driver.workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The customers and products the database really holds, so every request names existing data: each customer
 * with the products stocked at the customer's distribution center (an order for anything else is refused).
 */
public final class Catalog {

    private final long[] customers;
    private final int[] customerCenters;
    private final Map<Integer, long[]> productsByCenter;

    private Catalog(long[] customers, int[] customerCenters, Map<Integer, long[]> productsByCenter) {
        this.customers = customers;
        this.customerCenters = customerCenters;
        this.productsByCenter = productsByCenter;
    }

    /** A catalog of the given customers (with their centers' ids) and each center's products, sorted by id. */
    static Catalog of(long[] customers, int[] customerCenters, Map<Integer, long[]> productsByCenter) {
        return new Catalog(customers, customerCenters, productsByCenter);
    }

    /** Reads customers in [firstCustomer, lastCustomer] whose center stocks at least minProducts products. */
    public static Catalog load(Connection c, long firstCustomer, long lastCustomer, int minProducts) throws SQLException {
        Map<Integer, List<Long>> stocked = new HashMap<>();
        try (var s = c.createStatement()) {
            s.setFetchSize(Integer.MIN_VALUE); // stream: the inventory may have millions of rows
            try (var r = s.executeQuery("SELECT distribution_center_id, product_id FROM inventory")) {
                while (r.next()) {
                    stocked.computeIfAbsent(r.getInt(1), k -> new ArrayList<>()).add(r.getLong(2));
                }
            }
        }
        Map<Integer, long[]> products = new HashMap<>();
        stocked.forEach((center, ids) -> {
            if (ids.size() >= minProducts) {
                products.put(center, ids.stream().mapToLong(Long::longValue).sorted().toArray());
            }
        });
        var ids = new ArrayList<long[]>();
        try (var ps = c.prepareStatement("SELECT id, distribution_center_id FROM customer WHERE id BETWEEN ? AND ? ORDER BY id")) {
            ps.setLong(1, firstCustomer);
            ps.setLong(2, lastCustomer);
            ps.setFetchSize(Integer.MIN_VALUE);
            try (var r = ps.executeQuery()) {
                while (r.next()) {
                    if (products.containsKey(r.getInt(2))) {
                        ids.add(new long[] {r.getLong(1), r.getInt(2)});
                    }
                }
            }
        }
        if (ids.isEmpty()) {
            throw new IllegalStateException("the database holds no customer" + (firstCustomer > 1 || lastCustomer < Long.MAX_VALUE
                    ? " with an id in " + firstCustomer + ".." + lastCustomer : "")
                    + " whose distribution center stocks at least " + minProducts
                    + " products; load data first (./order run seeds a small set into an empty database)");
        }
        long[] customerIds = new long[ids.size()];
        int[] centers = new int[ids.size()];
        for (int i = 0; i < ids.size(); i++) {
            customerIds[i] = ids.get(i)[0];
            centers[i] = (int) ids.get(i)[1];
        }
        return new Catalog(customerIds, centers, products);
    }

    /** A random customer, as an index into the catalog. */
    public int randomCustomer(RandomGenerator random) {
        return random.nextInt(customers.length);
    }

    public long customerId(int index) {
        return customers[index];
    }

    /** Distinct random products stocked at the customer's center, in random order. */
    public long[] products(int customerIndex, int count, RandomGenerator random) {
        return products(customerIndex, count, null, random);
    }

    /**
     * Distinct random products stocked at the customer's center, in random order; with hot products, each line is
     * one of them with the hot share's probability and one of the others otherwise (the other kind when one kind has
     * no product left for this order).
     */
    public long[] products(int customerIndex, int count, HotProducts hot, RandomGenerator random) {
        long[] stocked = productsByCenter.get(customerCenters[customerIndex]);
        if (count > stocked.length) {
            throw new IllegalArgumentException("an order of " + count + " lines needs " + count
                    + " products at one distribution center; only " + stocked.length + " are stocked");
        }
        int hotCount = hot == null ? 0 : Math.min(hot.products(), stocked.length);
        long[] picked = new long[count];
        int hotPicked = 0;
        for (int i = 0; i < count; i++) {
            boolean wantHot = hot != null && random.nextDouble() < hot.share();
            boolean fromHot = wantHot ? hotPicked < hotCount : i - hotPicked >= stocked.length - hotCount;
            int from = fromHot ? 0 : hotCount;
            int size = fromHot ? hotCount : stocked.length - hotCount;
            long candidate;
            do { // with count <= 50 a linear check is cheaper than a set
                candidate = stocked[from + random.nextInt(size)];
            } while (contains(picked, i, candidate));
            picked[i] = candidate;
            hotPicked += fromHot ? 1 : 0;
        }
        return picked;
    }

    private static boolean contains(long[] values, int length, long value) {
        for (int j = 0; j < length; j++) {
            if (values[j] == value) {
                return true;
            }
        }
        return false;
    }

    /** Refuses hot products the data cannot give: there must be other products besides them at every center. */
    public void check(HotProducts hot) {
        if (hot != null && hot.products() >= smallestAssortment()) {
            throw new IllegalStateException("--hot-products " + hot.products() + ": a distribution center stocks only "
                    + smallestAssortment() + " products; name fewer hot products than that");
        }
    }

    public int customerCount() {
        return customers.length;
    }

    public int centerCount() {
        return productsByCenter.size();
    }

    public int smallestAssortment() {
        return productsByCenter.values().stream().mapToInt(p -> p.length).min().orElse(0);
    }
}
