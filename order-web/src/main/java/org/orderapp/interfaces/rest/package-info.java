/**
 * The JSON API (JAX-RS) under /api: orders, customers, browsing, monitoring, its OpenAPI description and error
 * mapping. Never imports interfaces.web.
 */
package org.orderapp.interfaces.rest;
