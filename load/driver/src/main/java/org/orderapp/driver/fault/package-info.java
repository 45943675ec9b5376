/**
 * Faults injected during a load (a server or database stopped or killed, a poison message) and their timeline.
 */
package org.orderapp.driver.fault;
