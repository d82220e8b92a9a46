-- Blocking (issue 9): what an advertiser sells, a global advertiser search that stays fast at 500,000
-- advertisers, and the revenue a block would cost, answered from the daily report rows.

-- The advertiser search matches a substring of the name (spec: partialName). A trigram index finds the few
-- matches of a rare term at once; the ordered name index walks to the first page of a common one.
-- pg_trgm is a trusted extension (any database owner may create it); PGlite loads it in openPglite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- What the advertiser sells, as an IAB parent and sub-category: blocking a category blocks its advertisers,
-- so the revenue at stake of a category is what they earned. No foreign keys: the taxonomy is reference data
-- seeded with the advertisers, and 500,000 key checks would double the large seed's time.
ALTER TABLE advertisers
  ADD COLUMN iab_category_id text,
  ADD COLUMN iab_sub_category_id text,
  -- Stored once per write: the search filters and sorts on it, from the index alone.
  ADD COLUMN name_lower text GENERATED ALWAYS AS (lower(name)) STORED,
  ADD COLUMN has_domain boolean GENERATED ALWAYS AS (coalesce(domain, '') <> '') STORED;

DROP INDEX advertisers_name_idx;
CREATE INDEX advertisers_name_idx ON advertisers (name_lower, id) INCLUDE (has_domain);
CREATE INDEX advertisers_name_trgm_idx ON advertisers USING gin (name_lower gin_trgm_ops);

-- The daily report rows summed over zones, per publisher, day and advertiser: the revenue at stake of a
-- publisher-level block reads 30 days of these instead of every zone's rows. Statement-level triggers keep it
-- right for every writer (seeds, tests, cascading deletes), one grouped statement per statement.
CREATE TABLE report_advertiser_daily (
  publisher_id         integer NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  day                  date NOT NULL,
  advertiser_id        integer NOT NULL,
  impressions          bigint NOT NULL,
  revenue              numeric(16, 4) NOT NULL,
  PRIMARY KEY (publisher_id, day, advertiser_id)
);

CREATE FUNCTION report_rollup_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_advertiser_daily AS r (publisher_id, day, advertiser_id, impressions, revenue)
  SELECT publisher_id, day, advertiser_id, sum(impressions), sum(revenue) FROM new_rows GROUP BY 1, 2, 3
  ON CONFLICT (publisher_id, day, advertiser_id)
  DO UPDATE SET impressions = r.impressions + excluded.impressions, revenue = r.revenue + excluded.revenue;
  RETURN NULL;
END
$$;

CREATE FUNCTION report_rollup_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_advertiser_daily r SET impressions = r.impressions - o.impressions, revenue = r.revenue - o.revenue
    FROM (SELECT publisher_id, day, advertiser_id, sum(impressions) AS impressions, sum(revenue) AS revenue
            FROM old_rows GROUP BY 1, 2, 3) o
   WHERE r.publisher_id = o.publisher_id AND r.day = o.day AND r.advertiser_id = o.advertiser_id;
  DELETE FROM report_advertiser_daily r USING (SELECT DISTINCT publisher_id, day, advertiser_id FROM old_rows) o
   WHERE r.publisher_id = o.publisher_id AND r.day = o.day AND r.advertiser_id = o.advertiser_id
     AND r.impressions = 0 AND r.revenue = 0;
  RETURN NULL;
END
$$;

INSERT INTO report_advertiser_daily (publisher_id, day, advertiser_id, impressions, revenue)
SELECT publisher_id, day, advertiser_id, sum(impressions), sum(revenue) FROM report_daily GROUP BY 1, 2, 3;

CREATE TRIGGER report_rollup_insert AFTER INSERT ON report_daily
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_add();
CREATE TRIGGER report_rollup_delete AFTER DELETE ON report_daily
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_remove();
-- An update takes the old rows out, then puts the new ones in: two triggers, fired in the order of their names.
CREATE TRIGGER report_rollup_update_1_old AFTER UPDATE ON report_daily
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_remove();
CREATE TRIGGER report_rollup_update_2_new AFTER UPDATE ON report_daily
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_add();

-- A zone's report rows by day (the revenue at stake of a zone-level block).
CREATE INDEX report_daily_zone_day_idx ON report_daily (zone_id, day) INCLUDE (advertiser_id, impressions, revenue);
