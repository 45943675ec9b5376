/**
 * What the pages and the JSON API share: reading and checking input, the client errors and their answers, the
 * session's browse search, request limits.
 */
package org.orderapp.interfaces.http;
