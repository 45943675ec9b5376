package org.orderapp.it;

import java.util.List;

/** Every operation of the admin API, reads included, as "METHOD path": what the security tests try one by one. */
final class AdminOperations {

    /** The reference-data API, the dead letters, the replenish monitor's reset, the fault injector's
     * halt in a commit and poison message, and the calibration spin. */
    static final List<String> ALL = List.of(
            "GET api/admin/reference-data",
            "GET api/admin/reference-data/plan?scale=0.002",
            "POST api/admin/reference-data/load?scale=0.002&reset=all",
            "POST api/admin/reference-data/restart",
            "POST api/admin/reference-data/stop",
            "POST api/admin/reference-data/reset?scope=orders",
            "POST api/admin/reference-data/reset?scope=loaded",
            "POST api/admin/reference-data/reset?scope=all",
            "GET api/admin/replenish/dead-letters",
            "POST api/admin/replenish/dead-letters/redrive",
            "POST api/admin/faults/halt-in-commit?point=after-commit",
            "POST api/monitor/replenish/reset-peak",
            "POST api/admin/faults/poison-message",
            "GET api/admin/calibration/spin",
            "PUT api/admin/calibration/spin?micros=50000");

    /**
     * The operations that change something and that a form of another site could send: the POSTs (a form sends no PUT,
     * and another site's script needs a CORS preflight for one, which this server never grants).
     */
    static List<String> changes() {
        return ALL.stream().filter(o -> o.startsWith("POST ")).toList();
    }

    private AdminOperations() {
    }
}
