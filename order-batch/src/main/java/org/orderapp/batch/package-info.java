/**
 * The reference-data load as the admin API and the launcher see it: its parameters, its progress and status, and the
 * answers of a reset (the ejb-client jar holds the answer types).
 */
package org.orderapp.batch;
