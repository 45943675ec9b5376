/**
 * The database: the embedded MariaDB, a Galera cluster of them, the application's account, and the target a
 * server is given.
 */
package org.orderapp.stack.database;
