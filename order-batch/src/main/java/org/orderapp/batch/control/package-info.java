/**
 * Starting, restarting, stopping and reporting the load (the Jakarta Batch job) and resetting the data, for the
 * admin API; what the job repository recorded of earlier loads.
 */
package org.orderapp.batch.control;
