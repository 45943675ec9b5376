-- Products, suppliers, stock at distribution centers and at suppliers, orders and their lines, and the
-- replenishments already applied (so a redelivered replenish message is recognised).
-- Every key is known before the insert: assigned ids, composite keys, or a UUID made by the application.

CREATE TABLE product (
    id                BIGINT        NOT NULL,
    name              VARCHAR(64)   NOT NULL,
    unit_cost         DECIMAL(10,2) NOT NULL,
    -- When stock at a distribution center falls below this, a replenishment of reorder_quantity is requested.
    reorder_point     INT           NOT NULL,
    reorder_quantity  INT           NOT NULL,
    CONSTRAINT pk_product PRIMARY KEY (id),
    CONSTRAINT ck_product_cost CHECK (unit_cost >= 0),
    CONSTRAINT ck_product_reorder CHECK (reorder_point >= 0 AND reorder_quantity > 0)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE INDEX ix_product_name ON product (name);

CREATE TABLE supplier (
    id              INT          NOT NULL,
    name            VARCHAR(64)  NOT NULL,
    address_line1   VARCHAR(64)  NOT NULL,
    address_line2   VARCHAR(64)  NOT NULL DEFAULT '',
    city            VARCHAR(48)  NOT NULL,
    state           CHAR(2)      NOT NULL,
    zip_code        CHAR(5)      NOT NULL,
    zip_plus_four   CHAR(4)      NOT NULL DEFAULT '',
    CONSTRAINT pk_supplier PRIMARY KEY (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE inventory (
    product_id              BIGINT  NOT NULL,
    distribution_center_id  INT     NOT NULL,
    quantity_on_hand        INT     NOT NULL,
    backorder_quantity      INT     NOT NULL DEFAULT 0,
    version                 INT     NOT NULL DEFAULT 0,
    CONSTRAINT pk_inventory PRIMARY KEY (product_id, distribution_center_id),
    CONSTRAINT fk_inventory_product FOREIGN KEY (product_id) REFERENCES product (id),
    CONSTRAINT fk_inventory_distribution_center FOREIGN KEY (distribution_center_id) REFERENCES distribution_center (id),
    CONSTRAINT ck_inventory_quantities CHECK (quantity_on_hand >= 0 AND backorder_quantity >= 0)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE supplier_inventory (
    supplier_id       INT     NOT NULL,
    product_id        BIGINT  NOT NULL,
    quantity_on_hand  INT     NOT NULL,
    version           INT     NOT NULL DEFAULT 0,
    CONSTRAINT pk_supplier_inventory PRIMARY KEY (supplier_id, product_id),
    CONSTRAINT fk_supplier_inventory_supplier FOREIGN KEY (supplier_id) REFERENCES supplier (id),
    CONSTRAINT fk_supplier_inventory_product FOREIGN KEY (product_id) REFERENCES product (id),
    CONSTRAINT ck_supplier_inventory_quantity CHECK (quantity_on_hand >= 0)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE INDEX ix_supplier_inventory_product ON supplier_inventory (product_id);

-- "order" is a reserved word in SQL; the table is "orders".
CREATE TABLE orders (
    id                      BINARY(16)    NOT NULL,  -- time-ordered UUID (version 7): appends to the clustered index
    customer_id             BIGINT        NOT NULL,
    distribution_center_id  INT           NOT NULL,
    order_date              DATETIME(3)   NOT NULL,
    total_amount            DECIMAL(14,2) NOT NULL,
    address_line1           VARCHAR(64)   NOT NULL,
    address_line2           VARCHAR(64)   NOT NULL DEFAULT '',
    city                    VARCHAR(48)   NOT NULL,
    state                   CHAR(2)       NOT NULL,
    zip_code                CHAR(5)       NOT NULL,
    zip_plus_four           CHAR(4)       NOT NULL DEFAULT '',
    CONSTRAINT pk_orders PRIMARY KEY (id),
    CONSTRAINT fk_orders_customer FOREIGN KEY (customer_id) REFERENCES customer (id),
    CONSTRAINT fk_orders_distribution_center FOREIGN KEY (distribution_center_id) REFERENCES distribution_center (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- Order inquiry and browsing: a customer's orders, newest first, by date range.
CREATE INDEX ix_orders_customer_date ON orders (customer_id, order_date);

CREATE TABLE order_line (
    order_id              BINARY(16)    NOT NULL,
    line_number           INT           NOT NULL,
    product_id            BIGINT        NOT NULL,
    quantity              INT           NOT NULL,
    unit_price            DECIMAL(10,2) NOT NULL,
    extended_price        DECIMAL(14,2) NOT NULL,
    backordered_quantity  INT           NOT NULL DEFAULT 0,
    CONSTRAINT pk_order_line PRIMARY KEY (order_id, line_number),
    CONSTRAINT fk_order_line_order FOREIGN KEY (order_id) REFERENCES orders (id),
    CONSTRAINT fk_order_line_product FOREIGN KEY (product_id) REFERENCES product (id),
    CONSTRAINT ck_order_line_quantity CHECK (quantity > 0 AND backordered_quantity >= 0 AND backordered_quantity <= quantity)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- One row per replenish request applied: the request id makes processing idempotent under redelivery.
CREATE TABLE replenishment (
    request_id              BINARY(16)  NOT NULL,
    product_id              BIGINT      NOT NULL,
    distribution_center_id  INT         NOT NULL,
    supplier_id             INT         NULL,      -- NULL: no supplier had stock; nothing was moved
    quantity                INT         NOT NULL,
    processed_at            DATETIME(3) NOT NULL,
    CONSTRAINT pk_replenishment PRIMARY KEY (request_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
