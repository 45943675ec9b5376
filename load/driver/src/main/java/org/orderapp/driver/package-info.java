/** The load driver and the experiments that reproduce the tuning guide's tables. */
package org.orderapp.driver;
