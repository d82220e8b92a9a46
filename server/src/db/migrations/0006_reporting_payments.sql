-- Reporting and payments (issue 10): the publisher's currency, what each ledger row records and the month it is
-- about, and daily rollups of the report rows so a dashboard of 180 days reads thousands of rows, not hundreds of
-- thousands.

-- The currency a publisher is paid in, and its report revenue is counted in.
ALTER TABLE publishers ADD COLUMN currency text NOT NULL DEFAULT 'USD'
  CONSTRAINT publishers_currency_check CHECK (currency IN ('USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY'));
UPDATE publishers p SET currency = l.currency
  FROM (SELECT DISTINCT ON (publisher_id) publisher_id, currency FROM payment_ledger ORDER BY publisher_id, date DESC, id DESC) l
 WHERE l.publisher_id = p.id AND l.currency IN ('USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY');

-- kind: earnings, adjustment, deduction or payment. month: the first day of the month earned, adjusted or
-- deducted; for a payment, of the last month whose earnings it pays. Rows written before this migration are
-- classified by their descriptions (the seed's wording).
ALTER TABLE payment_ledger ADD COLUMN kind text, ADD COLUMN month date;
UPDATE payment_ledger SET kind = CASE
    WHEN description LIKE 'Earnings for %' THEN 'earnings'
    WHEN description LIKE 'Invalid traffic deduction%' THEN 'deduction'
    WHEN description ILIKE 'payment %' OR description ILIKE 'bank transfer payment%' THEN 'payment'
    ELSE 'adjustment' END;
UPDATE payment_ledger SET month = coalesce(
    CASE WHEN kind = 'payment' AND description ~ '[#(][0-9]{6}-' THEN to_date(substring(description FROM '[#(]([0-9]{6})-'), 'YYYYMM') END,
    CASE WHEN description ~ ' (for|from) [A-Z][a-z]+ [0-9]{4}' THEN to_date(substring(description FROM ' (?:for|from) ([A-Z][a-z]+ [0-9]{4})'), 'FMMonth YYYY') END,
    date_trunc('month', date - interval '1 month')::date);
ALTER TABLE payment_ledger
  ALTER COLUMN kind SET NOT NULL,
  ALTER COLUMN month SET NOT NULL,
  ADD CONSTRAINT payment_ledger_kind_check CHECK (kind IN ('earnings', 'adjustment', 'deduction', 'payment')),
  ADD CONSTRAINT payment_ledger_month_check CHECK (month = date_trunc('month', month)::date);
CREATE INDEX payment_ledger_publisher_month_idx ON payment_ledger (publisher_id, month);

-- Rollups of report_daily per (publisher, day, zone) and per (publisher, day, advertiser), kept exact by
-- statement triggers on every insert, update and delete (cascades included); `rows` counts the report rows
-- behind each, so a rollup row goes when its last report row does.
CREATE TABLE report_zone_daily (
  publisher_id         integer NOT NULL,
  day                  date NOT NULL,
  zone_id              integer NOT NULL,
  rows                 integer NOT NULL,
  impressions          bigint NOT NULL,
  clicks               bigint NOT NULL,
  revenue              numeric(18, 4) NOT NULL,
  PRIMARY KEY (publisher_id, day, zone_id)
);
CREATE TABLE report_advertiser_daily (
  publisher_id         integer NOT NULL,
  day                  date NOT NULL,
  advertiser_id        integer NOT NULL,
  rows                 integer NOT NULL,
  impressions          bigint NOT NULL,
  clicks               bigint NOT NULL,
  revenue              numeric(18, 4) NOT NULL,
  PRIMARY KEY (publisher_id, day, advertiser_id)
);

-- One row per publisher and day: the time series of a whole publisher (the overview and advertiser-spend
-- dashboards) reads one row a day, not one per zone and day.
CREATE TABLE report_publisher_daily (
  publisher_id         integer NOT NULL,
  day                  date NOT NULL,
  rows                 integer NOT NULL,
  impressions          bigint NOT NULL,
  clicks               bigint NOT NULL,
  revenue              numeric(18, 4) NOT NULL,
  PRIMARY KEY (publisher_id, day)
);

CREATE FUNCTION report_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE report_zone_daily t SET rows = t.rows - o.rows, impressions = t.impressions - o.impressions,
                                   clicks = t.clicks - o.clicks, revenue = t.revenue - o.revenue
      FROM (SELECT publisher_id, day, zone_id, count(*)::int AS rows, sum(impressions) AS impressions, sum(clicks) AS clicks,
                   sum(revenue) AS revenue
              FROM old_rows GROUP BY publisher_id, day, zone_id) o
     WHERE t.publisher_id = o.publisher_id AND t.day = o.day AND t.zone_id = o.zone_id;
    DELETE FROM report_zone_daily WHERE rows = 0;
    UPDATE report_advertiser_daily t SET rows = t.rows - o.rows, impressions = t.impressions - o.impressions,
                                         clicks = t.clicks - o.clicks, revenue = t.revenue - o.revenue
      FROM (SELECT publisher_id, day, advertiser_id, count(*)::int AS rows, sum(impressions) AS impressions, sum(clicks) AS clicks,
                   sum(revenue) AS revenue
              FROM old_rows GROUP BY publisher_id, day, advertiser_id) o
     WHERE t.publisher_id = o.publisher_id AND t.day = o.day AND t.advertiser_id = o.advertiser_id;
    DELETE FROM report_advertiser_daily WHERE rows = 0;
    UPDATE report_publisher_daily t SET rows = t.rows - o.rows, impressions = t.impressions - o.impressions,
                                        clicks = t.clicks - o.clicks, revenue = t.revenue - o.revenue
      FROM (SELECT publisher_id, day, count(*)::int AS rows, sum(impressions) AS impressions, sum(clicks) AS clicks,
                   sum(revenue) AS revenue
              FROM old_rows GROUP BY publisher_id, day) o
     WHERE t.publisher_id = o.publisher_id AND t.day = o.day;
    DELETE FROM report_publisher_daily WHERE rows = 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO report_zone_daily AS t
    SELECT publisher_id, day, zone_id, count(*), sum(impressions), sum(clicks), sum(revenue)
      FROM new_rows GROUP BY publisher_id, day, zone_id
    ON CONFLICT (publisher_id, day, zone_id) DO UPDATE
       SET rows = t.rows + excluded.rows, impressions = t.impressions + excluded.impressions,
           clicks = t.clicks + excluded.clicks, revenue = t.revenue + excluded.revenue;
    INSERT INTO report_advertiser_daily AS t
    SELECT publisher_id, day, advertiser_id, count(*), sum(impressions), sum(clicks), sum(revenue)
      FROM new_rows GROUP BY publisher_id, day, advertiser_id
    ON CONFLICT (publisher_id, day, advertiser_id) DO UPDATE
       SET rows = t.rows + excluded.rows, impressions = t.impressions + excluded.impressions,
           clicks = t.clicks + excluded.clicks, revenue = t.revenue + excluded.revenue;
    INSERT INTO report_publisher_daily AS t
    SELECT publisher_id, day, count(*), sum(impressions), sum(clicks), sum(revenue)
      FROM new_rows GROUP BY publisher_id, day
    ON CONFLICT (publisher_id, day) DO UPDATE
       SET rows = t.rows + excluded.rows, impressions = t.impressions + excluded.impressions,
           clicks = t.clicks + excluded.clicks, revenue = t.revenue + excluded.revenue;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER report_daily_rollups_insert AFTER INSERT ON report_daily
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_apply();
CREATE TRIGGER report_daily_rollups_update AFTER UPDATE ON report_daily
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_apply();
CREATE TRIGGER report_daily_rollups_delete AFTER DELETE ON report_daily
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_apply();

INSERT INTO report_zone_daily
SELECT publisher_id, day, zone_id, count(*), sum(impressions), sum(clicks), sum(revenue) FROM report_daily GROUP BY 1, 2, 3;
INSERT INTO report_advertiser_daily
SELECT publisher_id, day, advertiser_id, count(*), sum(impressions), sum(clicks), sum(revenue) FROM report_daily GROUP BY 1, 2, 3;
INSERT INTO report_publisher_daily
SELECT publisher_id, day, count(*), sum(impressions), sum(clicks), sum(revenue) FROM report_daily GROUP BY 1, 2;

-- One zone's or one advertiser's rows over a period (the zone filter, the passback advertiser's dashboard).
CREATE INDEX report_daily_zone_day_idx ON report_daily (publisher_id, zone_id, day);
CREATE INDEX report_daily_advertiser_day_idx ON report_daily (publisher_id, advertiser_id, day);
CREATE INDEX report_zone_daily_zone_day_idx ON report_zone_daily (publisher_id, zone_id, day);
