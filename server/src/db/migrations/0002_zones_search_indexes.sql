-- The zones list sorted by trackingId walks this index for the publisher instead of sorting all its zones
-- (the primary key alone cannot serve "WHERE publisher_id = $1 ORDER BY tracking_id").
CREATE INDEX zones_publisher_tracking_idx ON zones (publisher_id, tracking_id);
