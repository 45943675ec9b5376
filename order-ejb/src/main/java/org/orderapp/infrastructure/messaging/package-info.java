/**
 * The replenish queue: its message-driven bean, what the bean is doing (the application's ReplenishMonitor), and the
 * poison message fault (ReplenishFaults).
 */
package org.orderapp.infrastructure.messaging;
