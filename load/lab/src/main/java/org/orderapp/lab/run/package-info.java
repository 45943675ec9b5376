/**
 * Runs an experiment or a benchmark: builds and starts each variant's stack, drives the load, keeps the data,
 * and writes the experiment's folder.
 */
package org.orderapp.lab.run;
