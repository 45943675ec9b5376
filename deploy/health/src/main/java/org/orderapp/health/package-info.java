/**
 * The application's MicroProfile Health checks. They live in a jar of the EAR's lib/ because WildFly calls no check
 * of an EAR's modules (WFLY-12835); from there no class of the modules is visible, so a check reads what it reports
 * through the server's resources alone (JNDI, JMS) and imports nothing of ours (HealthImportsTest).
 */
package org.orderapp.health;
