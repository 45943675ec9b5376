/**
 * The application's transactions as the interfaces see them: the session beans and the interfaces the infrastructure
 * implements, the requests and their rules (Bean Validation constraints), the answers, and the settings. Imports only
 * domain.model.
 */
package org.orderapp.application;
