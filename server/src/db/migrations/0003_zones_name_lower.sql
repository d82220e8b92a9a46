-- The zones list at 100,000 zones on PGlite. Measured there, lower() per row is the main cost of a name filter
-- (it folds case in every call), and a heap visit per zone is the main cost of counting the matches. So the
-- lower-cased name is stored once per write, and every index the list walks carries it: the page, its total
-- and the name filter are then answered from the index alone (index-only scans), whatever the sort.
ALTER TABLE zones ADD COLUMN name_lower text GENERATED ALWAYS AS (lower(name)) STORED;

DROP INDEX zones_publisher_name_idx;
CREATE INDEX zones_publisher_name_idx ON zones (publisher_id, name_lower, tracking_id);

DROP INDEX zones_publisher_slots_idx;
CREATE INDEX zones_publisher_slots_idx ON zones (publisher_id, number_of_slots, tracking_id) INCLUDE (name_lower);

DROP INDEX zones_publisher_tracking_idx;
CREATE INDEX zones_publisher_tracking_idx ON zones (publisher_id, tracking_id) INCLUDE (name_lower);
