-- The transactional outbox of replenish requests (order.replenish.delivery=outbox): an order writes its requests here
-- in its own transaction, and a relay publishes them to the replenish queue and sets sent_at. A row with sent_at
-- NULL is written and not yet published. The consumer applies each request_id once, so a row published twice (the
-- relay stopped between the send and the mark) is harmless.
CREATE TABLE replenish_outbox (
    request_id             BINARY(16)  NOT NULL,
    order_id               BINARY(16)  NULL,
    product_id             BIGINT      NOT NULL,
    distribution_center_id INT         NOT NULL,
    quantity               INT         NOT NULL,
    created_at             DATETIME(3) NOT NULL,
    sent_at                DATETIME(3) NULL,
    CONSTRAINT pk_replenish_outbox PRIMARY KEY (request_id),
    INDEX ix_replenish_outbox_pending (sent_at, created_at)
);

-- One row per relay that must run on one node of a cluster at a time: the node whose lease has not expired holds it,
-- renewing it as it works; another takes it over once it expires. Times are the database's, one clock for all nodes.
CREATE TABLE relay_lease (
    name       VARCHAR(50)  NOT NULL,
    holder     VARCHAR(200) NULL,
    expires_at DATETIME(3)  NOT NULL,
    CONSTRAINT pk_relay_lease PRIMARY KEY (name)
);
INSERT INTO relay_lease (name, holder, expires_at) VALUES ('replenish', NULL, '1970-01-01 00:00:00');
