/**
 * The Jakarta Batch artifacts of the job reference-data: the prepare step, the reader of row numbers, the processor
 * that makes their rows, the writers (JDBC, JDBC batch, stateless session, persistence context) and the listener.
 */
package org.orderapp.batch.job;
