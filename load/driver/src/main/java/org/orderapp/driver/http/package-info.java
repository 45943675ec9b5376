/**
 * One HTTP/1.1 connection and cookie store per simulated user, and the exchanges it records.
 */
package org.orderapp.driver.http;
