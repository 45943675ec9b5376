/**
 * The run rules: when a run is valid (errors, response times, steady state, audit).
 */
package org.orderapp.driver.rules;
