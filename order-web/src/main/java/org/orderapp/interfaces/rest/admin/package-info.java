/**
 * The admin API under /api/admin (role order-admin): the reference-data load and resets, and injected faults.
 */
package org.orderapp.interfaces.rest.admin;
