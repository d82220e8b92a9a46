-- Blocking's two reads that missed their latency target on the large seed (issue 9).

-- The advertiser search answers a total counted up to 1,000 (the contract). Counting a common three-letter term
-- through the trigram index reads every match's index entry and then up to 1,001 heap rows; among 500,000
-- advertisers that was most of a request. Instead, how many advertisers contain each three-character string of
-- their lower-cased name, with and without a domain, kept exact by statement triggers: a term of three characters
-- is such a string, so its total is one key lookup, and for a longer term the rarest of its strings bounds the
-- number of matches (no advertiser contains the term without containing each of them).
CREATE TABLE advertiser_name_grams (
  gram                 text PRIMARY KEY,
  advertisers          integer NOT NULL,
  with_domain          integer NOT NULL
);

-- Each three-character string of a name once (a name holding one twice still counts once).
CREATE FUNCTION advertiser_name_grams_of(name_lower text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT substr(name_lower, i, 3) FROM generate_series(1, length(name_lower) - 2) AS i
$$;

CREATE FUNCTION advertiser_name_grams_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE advertiser_name_grams t SET advertisers = t.advertisers - o.advertisers, with_domain = t.with_domain - o.with_domain
      FROM (SELECT g.gram, count(*)::int AS advertisers, count(*) FILTER (WHERE r.has_domain)::int AS with_domain
              FROM old_rows r CROSS JOIN LATERAL advertiser_name_grams_of(r.name_lower) AS g(gram) GROUP BY g.gram) o
     WHERE t.gram = o.gram;
    DELETE FROM advertiser_name_grams WHERE advertisers = 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO advertiser_name_grams AS t
    SELECT g.gram, count(*), count(*) FILTER (WHERE r.has_domain)
      FROM new_rows r CROSS JOIN LATERAL advertiser_name_grams_of(r.name_lower) AS g(gram) GROUP BY g.gram
    ON CONFLICT (gram) DO UPDATE
       SET advertisers = t.advertisers + excluded.advertisers, with_domain = t.with_domain + excluded.with_domain;
  END IF;
  RETURN NULL;
END $$;

-- PostgreSQL refuses transition tables on a trigger limited to some columns, so any update of advertisers
-- recounts its rows' strings (advertisers are reference data, written by the seeds).
CREATE TRIGGER advertisers_name_grams_insert AFTER INSERT ON advertisers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION advertiser_name_grams_apply();
CREATE TRIGGER advertisers_name_grams_update AFTER UPDATE ON advertisers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION advertiser_name_grams_apply();
CREATE TRIGGER advertisers_name_grams_delete AFTER DELETE ON advertisers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION advertiser_name_grams_apply();

INSERT INTO advertiser_name_grams
SELECT g.gram, count(*), count(*) FILTER (WHERE a.has_domain)
  FROM advertisers a CROSS JOIN LATERAL advertiser_name_grams_of(a.name_lower) AS g(gram) GROUP BY g.gram;

-- The revenue at stake of a publisher sums what each advertiser earned it over the 30 days before today
-- (REVENUE_WINDOW_DAYS in server/src/routes/revenueAtStake.ts). From the per-day rollup that is 30 rows per
-- advertiser (3,840 for the large seed's biggest publisher, most of a request); this rollup holds the 30-day sums
-- themselves, one row per publisher, advertiser and last day of the 30, so the call reads one row per advertiser.
-- A report row counts in the 30 windows whose last day is its day or one of the 29 after it; kept exact by
-- statement triggers like those of 0006_reporting_payments.sql, with `rows` counting the report rows behind each.
CREATE TABLE report_advertiser_30_days (
  publisher_id         integer NOT NULL,
  last_day             date NOT NULL,
  advertiser_id        integer NOT NULL,
  rows                 integer NOT NULL,
  impressions          bigint NOT NULL,
  revenue              numeric(18, 4) NOT NULL,
  PRIMARY KEY (publisher_id, last_day, advertiser_id)
);

CREATE FUNCTION report_advertiser_30_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Report rows are grouped per day first: a bulk write of many zones' rows spreads 30 times per advertiser and
  -- day, not per row.
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE report_advertiser_30_days t SET rows = t.rows - o.rows, impressions = t.impressions - o.impressions,
                                           revenue = t.revenue - o.revenue
      FROM (SELECT d.publisher_id, d.day + k AS last_day, d.advertiser_id, sum(d.rows)::int AS rows,
                   sum(d.impressions) AS impressions, sum(d.revenue) AS revenue
              FROM (SELECT publisher_id, day, advertiser_id, count(*) AS rows, sum(impressions) AS impressions,
                           sum(revenue) AS revenue
                      FROM old_rows GROUP BY publisher_id, day, advertiser_id) d
             CROSS JOIN generate_series(0, 29) AS k
             GROUP BY 1, 2, 3) o
     WHERE t.publisher_id = o.publisher_id AND t.last_day = o.last_day AND t.advertiser_id = o.advertiser_id;
    -- Only the rows just lowered can have reached 0: the table is 30 days deep per advertiser, too big to scan.
    DELETE FROM report_advertiser_30_days t
     USING (SELECT DISTINCT publisher_id, day + k AS last_day, advertiser_id FROM old_rows CROSS JOIN generate_series(0, 29) AS k) o
     WHERE t.publisher_id = o.publisher_id AND t.last_day = o.last_day AND t.advertiser_id = o.advertiser_id AND t.rows = 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO report_advertiser_30_days AS t
    SELECT d.publisher_id, d.day + k, d.advertiser_id, sum(d.rows), sum(d.impressions), sum(d.revenue)
      FROM (SELECT publisher_id, day, advertiser_id, count(*) AS rows, sum(impressions) AS impressions,
                   sum(revenue) AS revenue
              FROM new_rows GROUP BY publisher_id, day, advertiser_id) d
     CROSS JOIN generate_series(0, 29) AS k
     GROUP BY 1, 2, 3
    ON CONFLICT (publisher_id, last_day, advertiser_id) DO UPDATE
       SET rows = t.rows + excluded.rows, impressions = t.impressions + excluded.impressions,
           revenue = t.revenue + excluded.revenue;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER report_daily_30_days_insert AFTER INSERT ON report_daily
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_advertiser_30_days_apply();
CREATE TRIGGER report_daily_30_days_update AFTER UPDATE ON report_daily
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_advertiser_30_days_apply();
CREATE TRIGGER report_daily_30_days_delete AFTER DELETE ON report_daily
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_advertiser_30_days_apply();

INSERT INTO report_advertiser_30_days
SELECT publisher_id, day + k, advertiser_id, sum(rows), sum(impressions), sum(revenue)
  FROM report_advertiser_daily CROSS JOIN generate_series(0, 29) AS k
 GROUP BY 1, 2, 3;
