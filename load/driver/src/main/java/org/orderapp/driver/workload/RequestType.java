package org.orderapp.driver.workload;

import com.fasterxml.jackson.annotation.JsonValue;

/** The HTTP requests the driver times, one latency histogram each. */
public enum RequestType {
    NEW_ORDER("NewOrder"),
    ORDER_INQUIRY("OrderInquiry"),
    BROWSE_SEARCH("BrowseSearch"),
    BROWSE_NEXT("BrowseNext"),
    PING("Ping");

    private final String label;

    RequestType(String label) {
        this.label = label;
    }

    /** The name used in reports, file names and histogram log tags. */
    @JsonValue
    public String label() {
        return label;
    }
}
