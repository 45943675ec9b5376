/**
 * The administrator: the admin realm's files, the credentials the commands use, and the client of the admin API
 * (reference data, resets).
 */
package org.orderapp.stack.admin;
