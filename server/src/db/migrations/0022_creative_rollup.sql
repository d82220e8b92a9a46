-- The ad review center's list (listCreatives) from a rollup (issue 28): each creative's impressions and revenue
-- per publisher, period (the contract's 1, 7 and 30 days up to yesterday) and zone (0 = all the publisher's
-- zones), as of the period's last day. Summing the daily rows of a period on every call reads tens of thousands of
-- rows for a big publisher (the large seed's Atlas Network Large: 120,000 creatives over a year); the rollup gives
-- a page by walking one index and stopping at the page's end, and the unfiltered total by one key lookup.
--
-- When it is rebuilt: lazily, by the first list of a (publisher, period) that finds it stale, in a transaction
-- under an advisory lock of that pair (server/src/routes/creatives/rollup.ts), so concurrent requests and
-- instances build it once and the others then read it. Stale means: built as of another day than the period's
-- last day (a new day came), or built before the latest change of the publisher's daily rows or creatives (a
-- counter the statement triggers below raise; a build notes the counter it read before reading the rows, so a
-- change that commits during a build leaves the rollup stale, never wrong). Lazily rather than by a job: the
-- figures are always what the daily rows sum to at the moment of the request, whatever writes them and whenever,
-- and only the publishers someone looks at are built. The cost: a rebuild of the large seed's biggest publisher's
-- 30 days (181,607 daily rows) took 6.2 s at load average 12 on two shared cores (bench:creatives), paid once a day
-- per period by its first visitor; a job pre-building the stale rollups of the publishers looked at recently would
-- hide it (not done yet). The large seed builds them at seed time.
CREATE TABLE creative_rollup (
  publisher_id         integer NOT NULL,
  period               smallint NOT NULL CHECK (period IN (1, 7, 30)),
  -- 0: all the publisher's zones; else the zone's own figures.
  zone_id              integer NOT NULL,
  creative_id          integer NOT NULL,
  -- The creative's own fields a filter or a sort reads, so a page walks this table's indexes only.
  advertiser_id        integer NOT NULL,
  first_seen_at        timestamptz NOT NULL,
  impressions          bigint NOT NULL,
  revenue              numeric NOT NULL,
  PRIMARY KEY (publisher_id, period, zone_id, creative_id)
);
-- One index per sort (DESC by default; ASC walks the same index backwards), and the advertiser filter's.
CREATE INDEX creative_rollup_impressions_idx ON creative_rollup (publisher_id, period, zone_id, impressions DESC, creative_id DESC);
CREATE INDEX creative_rollup_revenue_idx ON creative_rollup (publisher_id, period, zone_id, revenue DESC, creative_id DESC);
CREATE INDEX creative_rollup_newest_idx ON creative_rollup (publisher_id, period, zone_id, first_seen_at DESC, creative_id DESC);
CREATE INDEX creative_rollup_advertiser_idx ON creative_rollup (publisher_id, period, zone_id, advertiser_id, impressions DESC, creative_id DESC);

-- The creatives in each (publisher, period, zone) of the rollup: the total of a list without other filters.
CREATE TABLE creative_rollup_counts (
  publisher_id         integer NOT NULL,
  period               smallint NOT NULL,
  zone_id              integer NOT NULL,
  creatives            integer NOT NULL,
  PRIMARY KEY (publisher_id, period, zone_id)
);

-- What each built rollup is: the day it is as of and the publisher's change counter it was built from.
CREATE TABLE creative_rollup_state (
  publisher_id         integer NOT NULL,
  period               smallint NOT NULL,
  as_of                date NOT NULL,
  built_changes        bigint NOT NULL,
  built_at             timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (publisher_id, period)
);

-- A counter per publisher, raised by every statement that writes its daily rows or its creatives.
CREATE TABLE creative_rollup_changes (
  publisher_id         integer PRIMARY KEY,
  changes              bigint NOT NULL
);

CREATE FUNCTION creative_rollup_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO creative_rollup_changes AS t (publisher_id, changes)
    SELECT DISTINCT publisher_id, 1 FROM new_rows
    ON CONFLICT (publisher_id) DO UPDATE SET changes = t.changes + 1;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO creative_rollup_changes AS t (publisher_id, changes)
    SELECT DISTINCT publisher_id, 1 FROM old_rows
    ON CONFLICT (publisher_id) DO UPDATE SET changes = t.changes + 1;
  END IF;
  RETURN NULL;
END $$;

-- PostgreSQL takes a transition table only on a trigger of one event: three triggers per table.
CREATE TRIGGER creative_daily_rollup_insert AFTER INSERT ON creative_daily
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION creative_rollup_touch();
CREATE TRIGGER creative_daily_rollup_update AFTER UPDATE ON creative_daily
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION creative_rollup_touch();
CREATE TRIGGER creative_daily_rollup_delete AFTER DELETE ON creative_daily
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION creative_rollup_touch();
-- A creative's advertiser and first-seen time are copied into the rollup (its publisher decides where it is).
CREATE TRIGGER creatives_rollup_update AFTER UPDATE ON creatives
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION creative_rollup_touch();
CREATE TRIGGER creatives_rollup_delete AFTER DELETE ON creatives
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION creative_rollup_touch();

-- The daily rows already there (the demo seed's) count as one change of their publishers.
INSERT INTO creative_rollup_changes (publisher_id, changes) SELECT DISTINCT publisher_id, 1 FROM creative_daily;
