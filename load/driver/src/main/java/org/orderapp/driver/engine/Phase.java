package org.orderapp.driver.engine;

/** Where a step is: warming up (not counted), measuring, or stopping (not counted either). */
public enum Phase { WARM_UP, MEASURE, DONE }
