/**
 * The engine of a step: closed and open load shapes, the users' threads, the recording of each request and the
 * steady-state test.
 */
package org.orderapp.driver.engine;
