/**
 * What a simulated user does: the transaction mix, the catalog it picks from, and each request type.
 */
package org.orderapp.driver.workload;
