-- The Idempotency-Key of each order created with one (a header of POST /api/orders, the new-order form's one-time
-- token), so a repeated request answers the order the first one created. The row is written in the order's own
-- transaction: only a committed order keeps its key, and the primary key makes a concurrent request with the same
-- key wait for the first and then fail, never create a second order. request_hash (SHA-256 of the order's content)
-- tells a retry from a different request under a reused key. Rows older than order.idempotency.retention-hours are
-- deleted; no foreign key, so that deleting old orders and old keys stay independent.
CREATE TABLE idempotency_key (
    idempotency_key VARCHAR(200) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    request_hash    BINARY(32)  NOT NULL,
    order_id        BINARY(16)  NOT NULL,
    created_at      DATETIME(3) NOT NULL,
    CONSTRAINT pk_idempotency_key PRIMARY KEY (idempotency_key),
    INDEX ix_idempotency_key_created (created_at)
);
