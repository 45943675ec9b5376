-- Links each replenish request to the order line that asked for it, in both directions, so an audit can prove
-- that every committed order's request took effect exactly once and that no request came from an order that
-- rolled back. Both columns are NULL where there is no link (older rows, requests from elsewhere).
ALTER TABLE order_line ADD COLUMN replenish_request_id BINARY(16) NULL;
ALTER TABLE replenishment ADD COLUMN order_id BINARY(16) NULL;
