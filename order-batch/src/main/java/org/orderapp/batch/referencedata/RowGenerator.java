package org.orderapp.batch.referencedata;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.SplittableRandom;
import org.orderapp.domain.model.Address;
import org.orderapp.domain.model.InventoryId;
import org.orderapp.domain.model.SupplierInventoryId;

/**
 * Creates row {@code index} of a table from the seed alone: every row draws from its own random stream, keyed by
 * (seed, table, index). A load restarted at any row therefore produces exactly the rows an uninterrupted load
 * would have, and two loads with the same seed and scale produce the same data set. The stock a load gave a row
 * can therefore be computed again from its key, which is how a reset puts stock back without a copy of it.
 */
public final class RowGenerator {

    private static final String[][] CITIES = {
            {"Boston", "MA", "02110"}, {"Atlanta", "GA", "30303"}, {"Chicago", "IL", "60601"},
            {"Denver", "CO", "80202"}, {"Seattle", "WA", "98101"}, {"Dallas", "TX", "75201"},
            {"Phoenix", "AZ", "85004"}, {"Los Angeles", "CA", "90012"}, {"San Francisco", "CA", "94105"},
            {"Portland", "OR", "97204"}, {"Salt Lake City", "UT", "84101"}, {"Minneapolis", "MN", "55401"},
            {"Kansas City", "MO", "64106"}, {"St. Louis", "MO", "63101"}, {"Nashville", "TN", "37203"},
            {"Charlotte", "NC", "28202"}, {"Miami", "FL", "33131"}, {"Orlando", "FL", "32801"},
            {"Philadelphia", "PA", "19107"}, {"Pittsburgh", "PA", "15222"}, {"New York", "NY", "10007"},
            {"Newark", "NJ", "07102"}, {"Columbus", "OH", "43215"}, {"Detroit", "MI", "48226"},
            {"Indianapolis", "IN", "46204"}};
    private static final Object[][] PRICING = {
            {"STANDARD", "0.2500"}, {"PREFERRED", "0.1500"}, {"WHOLESALE", "0.1000"}, {"PREMIUM", "0.4000"}};
    private static final String[] FIRST_NAMES = {"Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Frances",
            "Ken", "Margaret", "John", "Radia", "Niklaus", "Katherine", "Dennis", "Hedy", "Tony"};
    private static final String[] LAST_NAMES = {"Lovelace", "Turing", "Hopper", "Dijkstra", "Liskov", "Knuth",
            "Allen", "Thompson", "Hamilton", "Backus", "Perlman", "Wirth", "Johnson", "Ritchie", "Lamarr", "Hoare"};
    private static final String[] STREETS = {"Main Street", "Oak Avenue", "Maple Drive", "Cedar Lane", "Elm Street",
            "Park Road", "Lake View", "Hill Crest", "River Road", "Mill Lane"};
    private static final String[] MATERIALS = {"Steel", "Brass", "Copper", "Nylon", "Ceramic", "Carbon", "Rubber",
            "Titanium"};
    private static final String[] PARTS = {"Widget", "Gadget", "Sprocket", "Bracket", "Gasket", "Valve", "Bearing",
            "Spindle", "Flange", "Coupling"};
    private static final String[] COMPANY_KINDS = {"Supply", "Industries", "Manufacturing", "Components", "Works"};

    private final long seed;
    private final LoadPlan plan;
    private final int supplierStride;

    public RowGenerator(long seed, LoadPlan plan) {
        this.seed = seed;
        this.plan = plan;
        this.supplierStride = (int) (plan.suppliers() / LoadPlan.SUPPLIERS_PER_PRODUCT);
    }

    /** Row {@code index} (from 0) of the table. */
    public ReferenceRow row(ReferenceTable table, long index) {
        if (index < 0 || index >= plan.rows(table)) {
            throw new IndexOutOfBoundsException(table + " has " + plan.rows(table) + " rows; no row " + index);
        }
        SplittableRandom random = random(table, index);
        return switch (table) {
            case DISTRIBUTION_CENTER -> distributionCenter((int) index);
            case PRICING_METHOD -> new ReferenceRow.PricingMethodRow((int) index + 1, (String) PRICING[(int) index][0],
                    new BigDecimal((String) PRICING[(int) index][1]));
            case SUPPLIER -> supplier((int) index, random);
            case PRODUCT -> product(index, random);
            case CUSTOMER -> customer(index, random);
            case INVENTORY -> new ReferenceRow.InventoryRow(index / LoadPlan.DISTRIBUTION_CENTERS + 1,
                    (int) (index % LoadPlan.DISTRIBUTION_CENTERS) + 1, random.nextInt(25_000)); // the guide's stock
            case SUPPLIER_INVENTORY -> supplierInventory(index, random);
        };
    }

    /** The row the load wrote for this stock, as it wrote it; empty when the plan has no such row. */
    public Optional<ReferenceRow> loadedRow(InventoryId id) {
        long index = inventoryIndex(id.getProductId(), id.getDistributionCenterId());
        return index < 0 ? Optional.empty() : Optional.of(row(ReferenceTable.INVENTORY, index));
    }

    /** The row the load wrote for this supplier's stock, as it wrote it; empty when the plan has no such row. */
    public Optional<ReferenceRow> loadedRow(SupplierInventoryId id) {
        long index = supplierInventoryIndex(id.getSupplierId(), id.getProductId());
        return index < 0 ? Optional.empty() : Optional.of(row(ReferenceTable.SUPPLIER_INVENTORY, index));
    }

    /** The index of the inventory row of (product, center), the inverse of {@link #row}; -1 if the plan has none. */
    long inventoryIndex(long productId, int distributionCenterId) {
        if (!plannedProduct(productId) || distributionCenterId < 1 || distributionCenterId > LoadPlan.DISTRIBUTION_CENTERS) {
            return -1;
        }
        return (productId - 1) * LoadPlan.DISTRIBUTION_CENTERS + (distributionCenterId - 1);
    }

    /** The index of the supplier inventory row of (supplier, product); -1 if the supplier is not one of the product's. */
    long supplierInventoryIndex(int supplierId, long productId) {
        if (plannedProduct(productId)) {
            for (int k = 0; k < LoadPlan.SUPPLIERS_PER_PRODUCT; k++) {
                if (supplierOf(productId, k) == supplierId) {
                    return (productId - 1) * LoadPlan.SUPPLIERS_PER_PRODUCT + k;
                }
            }
        }
        return -1;
    }

    private boolean plannedProduct(long productId) {
        return productId >= 1 && productId <= plan.products();
    }

    private static ReferenceRow distributionCenter(int index) {
        String[] city = CITIES[index];
        return new ReferenceRow.DistributionCenterRow(index + 1, city[0] + " DC",
                new Address((100 + index) + " Warehouse Way", "", city[0], city[1], city[2], ""));
    }

    private static ReferenceRow supplier(int index, SplittableRandom random) {
        int id = index + 1;
        String name = LAST_NAMES[random.nextInt(LAST_NAMES.length)] + " "
                + COMPANY_KINDS[random.nextInt(COMPANY_KINDS.length)] + " " + id;
        return new ReferenceRow.SupplierRow(id, name, address(random, CITIES[random.nextInt(CITIES.length)], "Industrial Park"));
    }

    private static ReferenceRow product(long index, SplittableRandom random) {
        long id = index + 1;
        String name = MATERIALS[random.nextInt(MATERIALS.length)] + " " + PARTS[random.nextInt(PARTS.length)] + " " + id;
        return new ReferenceRow.ProductRow(id, name, BigDecimal.valueOf(100 + random.nextInt(99_900), 2),
                100 + random.nextInt(401), 1_000 + 500 * random.nextInt(9));
    }

    private static ReferenceRow customer(long index, SplittableRandom random) {
        int center = random.nextInt(LoadPlan.DISTRIBUTION_CENTERS); // customers live near the center serving them
        return new ReferenceRow.CustomerRow(index + 1, FIRST_NAMES[random.nextInt(FIRST_NAMES.length)],
                LAST_NAMES[random.nextInt(LAST_NAMES.length)], address(random, CITIES[center], null),
                1 + random.nextInt(LoadPlan.PRICING_METHODS), center + 1);
    }

    /** Every product at SUPPLIERS_PER_PRODUCT distinct suppliers, spread evenly over all suppliers. */
    private ReferenceRow supplierInventory(long index, SplittableRandom random) {
        long product = index / LoadPlan.SUPPLIERS_PER_PRODUCT + 1;
        int k = (int) (index % LoadPlan.SUPPLIERS_PER_PRODUCT);
        return new ReferenceRow.SupplierInventoryRow(supplierOf(product, k), product, 100_000 + random.nextInt(900_001));
    }

    /** The k-th supplier (from 0) of a product. */
    private int supplierOf(long product, int k) {
        return (int) ((product - 1 + (long) k * supplierStride) % plan.suppliers()) + 1;
    }

    private static Address address(SplittableRandom random, String[] city, String street) {
        String line1 = (1 + random.nextInt(9_999)) + " " + (street != null ? street : STREETS[random.nextInt(STREETS.length)]);
        return new Address(line1, "", city[0], city[1], city[2], fourDigits(random.nextInt(10_000)));
    }

    private static String fourDigits(int n) {
        String digits = Integer.toString(n);
        return "0000".substring(digits.length()) + digits;
    }

    /** An independent stream per row; the constants are odd 64-bit mixers, so neighbouring keys do not correlate. */
    private SplittableRandom random(ReferenceTable table, long index) {
        return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + (table.ordinal() + 1) * 0xBF58476D1CE4E5B9L
                + index * 0x94D049BB133111EBL);
    }
}
