package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Clients that order one unit of the same product for the same customer at once, each through its own API, so that
 * their transactions meet: each order must be accepted (201) or, after every attempt, refused as a conflict (409).
 * The cluster tests race them across application nodes and across database nodes.
 */
record RacingOrders(long customer, long product) {

    /** How many orders were accepted and how many refused. */
    record Outcome(int accepted, int refused) {
        int total() {
            return accepted + refused;
        }
    }

    /** Each API places ordersEach orders, all at once; answers when every client is done. */
    Outcome place(List<Api> clients, int ordersEach) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients.size());
        try {
            List<Future<int[]>> outcomes = new ArrayList<>();
            for (Api api : clients) {
                outcomes.add(pool.submit(() -> {
                    int[] counts = new int[2];
                    for (int i = 0; i < ordersEach; i++) {
                        var reply = api.order(customer, product, 1);
                        assertTrue(reply.status() == 201 || reply.status() == 409, "accepted or refused as a conflict: "
                                + reply.status() + " " + reply.body());
                        counts[reply.status() == 201 ? 0 : 1]++;
                    }
                    return counts;
                }));
            }
            int accepted = 0;
            int refused = 0;
            for (Future<int[]> f : outcomes) {
                accepted += f.get()[0];
                refused += f.get()[1];
            }
            return new Outcome(accepted, refused);
        } finally {
            pool.shutdown();
        }
    }
}
