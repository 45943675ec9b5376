/**
 * A run's folder: its result, CSV files, summary and the one-file HTML report.
 */
package org.orderapp.driver.report;
