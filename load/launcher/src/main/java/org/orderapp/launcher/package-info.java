/**
 * The ./order command line: picocli commands and their options only; the work is done by the lab, the driver and
 * the stack.
 */
package org.orderapp.launcher;
