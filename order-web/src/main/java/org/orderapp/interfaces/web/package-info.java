/**
 * The pages: servlets with their JSPs, the form endpoints of the guide's transactions, and the filters of the web
 * module. Never imports interfaces.rest.
 */
package org.orderapp.interfaces.web;
