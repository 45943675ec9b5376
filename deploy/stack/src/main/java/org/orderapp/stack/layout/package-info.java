/**
 * Where things are: the project's folders, the versions the build wrote, the server profiles and the ports a
 * server listens on. Imports nothing else of the stack.
 */
package org.orderapp.stack.layout;
