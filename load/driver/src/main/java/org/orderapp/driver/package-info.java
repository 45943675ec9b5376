/**
 * The load driver: runs the steps of a load against a target, with its hooks per window, and hands the result to
 * the run folder. Entry point for ./order load and for the lab.
 */
package org.orderapp.driver;
