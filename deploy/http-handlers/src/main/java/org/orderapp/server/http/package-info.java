/**
 * Undertow handlers installed in the server as the static module org.orderapp.http: admission control, the
 * deadline on reading a request body, and the lock-out of a client address that sends wrong credentials. They use
 * only what that module names (the JDK, Undertow, XNIO).
 */
package org.orderapp.server.http;
