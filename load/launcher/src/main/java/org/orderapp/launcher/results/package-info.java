/**
 * The commands that read run folders back: report, compare, history. They start nothing; the driver reads the folders
 * and the lab compares them and finds where a figure changed.
 */
package org.orderapp.launcher.results;
