/**
 * The server seen from outside during a load: samples of its pools, caches, memory and CPU read through the
 * management interface and /proc, cut into the windows of a step, per node of a cluster.
 */
package org.orderapp.observation;
