/**
 * HTTPS for the servers the stack starts: the certificate made for a data folder (keytool) or the user's own (PEM),
 * the PKCS12 key store the server reads, and its password, kept owner-only beside the data.
 */
package org.orderapp.stack.tls;
