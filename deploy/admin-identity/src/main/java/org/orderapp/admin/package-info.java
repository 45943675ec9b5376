/**
 * The admin realm's writer: one identity file per administrator in Elytron's filesystem-realm format, the password a
 * salted bcrypt hash, the roles an attribute. Run by the stack, the integration tests and the container's entry point.
 */
package org.orderapp.admin;
