/**
 * The reference data itself: the tables and their sizes for a scale, the rows generated from a seed, and the
 * store that checks, empties and restores the tables.
 */
package org.orderapp.batch.referencedata;
