/**
 * Browsing: a client's search and the pages of rows it holds between requests, in the HTTP session. The searches are
 * the persistence's; the paging is here.
 */
package org.orderapp.application.browse;
