-- Reference data of the Order application: where customers are served from and how they are priced.
-- Keys are assigned by the loader (never AUTO_INCREMENT), so inserts can be batched.

CREATE TABLE distribution_center (
    id              INT          NOT NULL,
    name            VARCHAR(64)  NOT NULL,
    address_line1   VARCHAR(64)  NOT NULL,
    address_line2   VARCHAR(64)  NOT NULL DEFAULT '',
    city            VARCHAR(48)  NOT NULL,
    state           CHAR(2)      NOT NULL,
    zip_code        CHAR(5)      NOT NULL,
    zip_plus_four   CHAR(4)      NOT NULL DEFAULT '',
    CONSTRAINT pk_distribution_center PRIMARY KEY (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE pricing_method (
    id              INT          NOT NULL,
    name            VARCHAR(32)  NOT NULL,
    -- price = cost * (1 + markup_rate); stated as a rate with four decimals (0.2500 is 25 %).
    markup_rate     DECIMAL(6,4) NOT NULL,
    CONSTRAINT pk_pricing_method PRIMARY KEY (id),
    CONSTRAINT uk_pricing_method_name UNIQUE (name),
    CONSTRAINT ck_pricing_method_markup CHECK (markup_rate > -1)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE customer (
    id                      BIGINT       NOT NULL,
    first_name              VARCHAR(32)  NOT NULL,
    last_name               VARCHAR(32)  NOT NULL,
    address_line1           VARCHAR(64)  NOT NULL,
    address_line2           VARCHAR(64)  NOT NULL DEFAULT '',
    city                    VARCHAR(48)  NOT NULL,
    state                   CHAR(2)      NOT NULL,
    zip_code                CHAR(5)      NOT NULL,
    zip_plus_four           CHAR(4)      NOT NULL DEFAULT '',
    pricing_method_id       INT          NOT NULL,
    distribution_center_id  INT          NOT NULL,
    version                 INT          NOT NULL DEFAULT 0,
    CONSTRAINT pk_customer PRIMARY KEY (id),
    CONSTRAINT fk_customer_pricing_method FOREIGN KEY (pricing_method_id) REFERENCES pricing_method (id),
    CONSTRAINT fk_customer_distribution_center FOREIGN KEY (distribution_center_id) REFERENCES distribution_center (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
