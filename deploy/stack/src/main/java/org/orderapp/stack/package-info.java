/**
 * Starts and supervises what the application runs on: a server or a cluster of servers behind the load balancer,
 * with its database, and records the running stack for the other commands.
 */
package org.orderapp.stack;
