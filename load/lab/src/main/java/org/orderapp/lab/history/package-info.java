/**
 * Runs read back from their folders: side by side ({@link org.orderapp.lab.history.RunComparison}), and over time
 * from the results folder's history.csv, with the points where a figure changed
 * ({@link org.orderapp.lab.history.ChangePoints}), and cut into the files Apache Otava reads
 * ({@link org.orderapp.lab.history.OtavaExport}).
 */
package org.orderapp.lab.history;
