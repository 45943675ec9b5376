/**
 * Undertow handlers installed in the server as the static module org.orderapp.http: admission control and the
 * deadline on reading a request body. They use only what that module names (the JDK, Undertow, XNIO).
 */
package org.orderapp.server.http;
