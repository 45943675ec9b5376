/**
 * Replenishment: the requests an order sends when it takes stock below the reorder point, applying them, and watching
 * and faulting the messaging that carries them.
 */
package org.orderapp.application.replenish;
