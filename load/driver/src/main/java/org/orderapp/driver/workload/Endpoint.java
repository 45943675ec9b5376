package org.orderapp.driver.workload;

import java.net.URI;

/**
 * Where NewOrder and OrderInquiry go. FORM: the guide's servlets, POST /NewOrder with form parameters and
 * GET /OrderInquiry?customerid=N; API: the JSON API. Both answer JSON when asked with Accept: application/json.
 */
public enum Endpoint {
    FORM, API;

    public URI newOrder(URI base) {
        return base.resolve(this == FORM ? "NewOrder" : "api/orders");
    }

    public URI inquiry(URI base, long customerId) {
        return base.resolve(this == FORM ? "OrderInquiry?customerid=" + customerId : "api/customers/" + customerId + "/orders");
    }
}
