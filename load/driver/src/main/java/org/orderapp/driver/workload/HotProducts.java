package org.orderapp.driver.workload;

import java.util.Locale;

/**
 * A hot-product workload: each order line names one of the few most-ordered products with the given probability,
 * so that concurrent orders meet on the same stock rows (the contention a locking strategy is judged by). The hot
 * products are the first {@code products} of every distribution center's assortment, by product id; every center
 * stocks the same ones, so the hot stock rows are those products at each center.
 *
 * @param products how many products are hot (at least 1)
 * @param share    the probability that a line names a hot product, in (0, 1]; a line that cannot (every hot product
 *                 is already in the order) names another product
 */
public record HotProducts(int products, double share) {

    public HotProducts {
        if (products < 1) {
            throw new IllegalArgumentException("--hot-products needs at least 1 product, got " + products);
        }
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("--hot-products: the share of lines is in (0, 1] (or 1%-100%), got " + share);
        }
    }

    /** "N" (every line tries a hot product) or "N:SHARE" with SHARE a fraction (0.8) or a percentage (80%). */
    public static HotProducts parse(String spec) {
        String s = spec.trim();
        int colon = s.indexOf(':');
        String count = colon < 0 ? s : s.substring(0, colon).trim();
        String share = colon < 0 ? "1" : s.substring(colon + 1).trim();
        try {
            double fraction = share.endsWith("%") ? Double.parseDouble(share.substring(0, share.length() - 1).trim()) / 100
                    : Double.parseDouble(share);
            return new HotProducts(Integer.parseInt(count), fraction);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--hot-products is N or N:SHARE, e.g. 5 or 5:0.8 or 5:80%; got '" + spec + "'");
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d:%s", products, share == Math.rint(share) ? Long.toString((long) share) : Double.toString(share));
    }
}
