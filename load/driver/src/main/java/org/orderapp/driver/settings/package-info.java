/**
 * What a load is asked to do: its configuration, the command-line options that build it, and durations.
 */
package org.orderapp.driver.settings;
