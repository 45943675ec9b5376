/** The application's own health checks, answered by the server's MicroProfile Health endpoints. */
package org.orderapp.interfaces.health;
