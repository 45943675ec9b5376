/**
 * The driver's own benchmark: how many requests it can send with no server in the way.
 */
package org.orderapp.lab.bench;
