/**
 * The database's own figures during a load: its status counters and the lock waits it reports.
 */
package org.orderapp.observation.database;
