package org.orderapp.stack.database;

import java.util.List;
import org.orderapp.stack.layout.ServerAddress;

/**
 * The one place that knows the ports of a Galera cluster on this machine: node i (1, 2, ...) listens for SQL on
 * base + 10 i, for the group's replication on the next port, incremental state transfer on the one after and full
 * state transfer (rsync) on the fourth. The base is 14000 (ORDER_DB_PORT_BASE moves it), moved further by the run's
 * jboss.socket.binding.port-offset, as every WildFly port is: nothing near MariaDB's or Galera's defaults (3306, 4567,
 * 4568, 4444), and two checkouts run with different offsets keep clear of each other.
 */
public record GaleraPorts(int base) {

    static final int DEFAULT_BASE = 14000;
    static final String BASE_SETTING = "ORDER_DB_PORT_BASE";
    static final int NODE_STEP = 10;

    /** The ports of a cluster run beside a server with these properties ("name=value"). */
    public static GaleraPorts of(List<String> serverProperties) {
        int base = DatabaseTarget.setting(BASE_SETTING).map(String::trim).map(Integer::parseInt).orElse(DEFAULT_BASE);
        return new GaleraPorts(base + ServerAddress.portOffset(serverProperties));
    }

    int sql(int node) {
        return base + NODE_STEP * node;
    }

    int replication(int node) {
        return sql(node) + 1;
    }

    int incrementalTransfer(int node) {
        return sql(node) + 2;
    }

    int stateTransfer(int node) {
        return sql(node) + 3;
    }
}
