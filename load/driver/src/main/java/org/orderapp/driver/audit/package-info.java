/**
 * After a load: the database checked against what the users were told (every acknowledged order there, stock
 * consistent).
 */
package org.orderapp.driver.audit;
