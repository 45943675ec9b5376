/**
 * An experiment as written in load/experiments/*.yaml, what it measures, and the statistics and comparison
 * pages that answer it.
 */
package org.orderapp.lab.experiment;
