package org.orderapp.interfaces.http;

/** Echoing client input back in an error message, safely: bounded and without control characters. */
public final class Strings {

    private static final int MAX_ECHO = 40;

    private Strings() {
    }

    public static String shorten(String value) {
        if (value == null) {
            return "";
        }
        String printable = value.replaceAll("\\p{Cntrl}", "?");
        return printable.length() <= MAX_ECHO ? printable : printable.substring(0, MAX_ECHO) + "…";
    }

    public static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
