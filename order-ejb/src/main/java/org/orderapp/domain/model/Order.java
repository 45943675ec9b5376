package org.orderapp.domain.model;

import jakarta.persistence.CascadeType;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * A customer's order. Its key is a time-ordered UUID made by the application before the insert, so Hibernate
 * can batch the order and its lines (an IDENTITY key would force one round trip per row), and new rows
 * append to the end of the clustered index. Stored as BINARY(16) on every server family.
 */
@Entity
@Table(name = "orders")
public class Order {

    @Id
    @Column(columnDefinition = "binary(16)")
    private UUID id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "customer_id", nullable = false)
    private Customer customer;

    @Column(name = "distribution_center_id", nullable = false)
    private int distributionCenterId;

    @Column(name = "order_date", nullable = false)
    private Instant orderDate;

    @Column(name = "total_amount", nullable = false, precision = 14, scale = 2)
    private BigDecimal totalAmount;

    @Embedded
    private Address shippingAddress;

    // Unidirectional: the lines' key writes order_id (OrderLineId), so the order only reads that column. Were it
    // updatable, Hibernate would follow the lines' batched INSERT with an UPDATE of order_id for each line.
    @OneToMany(cascade = CascadeType.PERSIST)
    @JoinColumn(name = "order_id", insertable = false, updatable = false)
    @OrderBy("id.lineNumber")
    private List<OrderLine> lines = new ArrayList<>();

    protected Order() {
    }

    public Order(UUID id, Customer customer, Instant orderDate) {
        this.id = Objects.requireNonNull(id, "id");
        this.customer = customer;
        this.distributionCenterId = customer.getDistributionCenter().getId();
        this.shippingAddress = customer.getAddress();
        this.orderDate = orderDate;
        this.totalAmount = Pricing.NO_TOTAL;
    }

    /** Adds the next line; the order total follows. */
    public OrderLine addLine(Product product, int quantity, BigDecimal unitPrice) {
        var line = new OrderLine(id, lines.size() + 1, product, quantity, unitPrice);
        lines.add(line);
        totalAmount = totalAmount.add(line.getExtendedPrice());
        return line;
    }

    public UUID getId() { return id; }
    public Customer getCustomer() { return customer; }
    public int getDistributionCenterId() { return distributionCenterId; }
    public Instant getOrderDate() { return orderDate; }
    public BigDecimal getTotalAmount() { return totalAmount; }
    public Address getShippingAddress() { return shippingAddress; }
    public List<OrderLine> getLines() { return Collections.unmodifiableList(lines); }

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof Order other && id.equals(other.getId()));
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }
}
