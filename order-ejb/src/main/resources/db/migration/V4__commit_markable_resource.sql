-- The transaction manager's commit marks for OrderDS (Narayana's commit markable resource, datasource.cli). An
-- order that also sends a replenish message commits two resources: the broker's XA branch and this database,
-- which has no XA here. The transaction manager inserts the transaction's xid into this table in the same local
-- transaction as the order, so after a crash the marks say which local transactions committed, and recovery
-- commits or rolls back the broker's prepared branch to match: the message is never lost nor sent for an order
-- that rolled back. Columns and index as Narayana reads and writes them (xid: 144 bytes, action uid: 28).
CREATE TABLE xids (
    xid                   VARBINARY(144) NOT NULL,
    transactionManagerID  VARCHAR(64)    NULL,
    actionuid             VARBINARY(28)  NULL,
    CONSTRAINT ux_xids_xid UNIQUE (xid)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
