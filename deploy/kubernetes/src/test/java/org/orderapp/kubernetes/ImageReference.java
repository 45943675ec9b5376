package org.orderapp.kubernetes;

/** An image reference as the engines read it: [registry/]name[:tag][@digest]. */
public final class ImageReference {

    private ImageReference() {
    }

    /** The tag, "@" and the digest when there is no tag, or null when it names neither (the engine takes latest). */
    public static String tagOf(String image) {
        int at = image.indexOf('@');
        String name = at < 0 ? image : image.substring(0, at);
        int colon = name.lastIndexOf(':');
        if (colon > name.lastIndexOf('/')) {
            return name.substring(colon + 1);
        }
        return at < 0 ? null : image.substring(at);
    }
}
