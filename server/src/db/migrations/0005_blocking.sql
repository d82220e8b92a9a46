-- Blocking (issue 9): what an advertiser sells, a global advertiser search that stays fast at 500,000
-- advertisers, and the revenue a block would cost, answered from the daily report rows (and from the per-advertiser
-- rollup of 0006_reporting_payments.sql).

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

-- A zone's report rows by day (the revenue at stake of a zone-level block), from the index alone. A publisher's
-- reads the per-advertiser rollup of 0006_reporting_payments.sql.
CREATE INDEX report_daily_zone_revenue_idx ON report_daily (zone_id, day) INCLUDE (advertiser_id, impressions, revenue);
