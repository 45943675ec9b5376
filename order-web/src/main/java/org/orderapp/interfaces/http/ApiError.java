package org.orderapp.interfaces.http;

/** The JSON body of every error answer: the status, a message that names what was wrong, and that field. */
public record ApiError(int status, String error, String field) {
}
