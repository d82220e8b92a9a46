-- The ad review center (issue 28): the creatives (ads) that served on a publisher's zones, their daily figures per
-- zone, what the publisher's users reported about them, and when each user last looked at the list. A creative
-- is blocked through the restrictions like advertisers, domains and categories: a fourth restriction type.

-- A creative as one publisher saw it: it served there (the network's creative id is the key; a creative is listed
-- under the one publisher whose zones it served, so another publisher's creative answers as a missing one).
CREATE TABLE creatives (
  id                   integer PRIMARY KEY,
  publisher_id         integer NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  advertiser_id        integer NOT NULL REFERENCES advertisers (id),
  advertiser_domain    text NOT NULL,
  -- IAB ids, each sub-category with its parent (a filter by either is one array test).
  iab_categories       text[] NOT NULL,
  width                integer NOT NULL CHECK (width BETWEEN 1 AND 4000),
  height               integer NOT NULL CHECK (height BETWEEN 1 AND 4000),
  format               text NOT NULL CHECK (format IN ('display', 'video', 'native')),
  -- The preview the portal serves from its own origin (never the ad's own markup or a third party's address).
  preview_svg          text NOT NULL CHECK (length(preview_svg) <= 65536),
  first_seen_at        timestamptz NOT NULL,
  last_seen_at         timestamptz NOT NULL,
  CHECK (last_seen_at >= first_seen_at)
);
CREATE INDEX creatives_publisher_idx ON creatives (publisher_id, first_seen_at DESC, id);
CREATE INDEX creatives_advertiser_idx ON creatives (publisher_id, advertiser_id, id);

-- Impressions and revenue of a creative per zone and day (the publisher's currency, 4 decimals as report rows).
CREATE TABLE creative_daily (
  creative_id          integer NOT NULL REFERENCES creatives (id) ON DELETE CASCADE,
  day                  date NOT NULL,
  zone_id              integer NOT NULL REFERENCES zones (tracking_id) ON DELETE CASCADE,
  publisher_id         integer NOT NULL,
  impressions          integer NOT NULL CHECK (impressions >= 0),
  revenue              numeric(14, 4) NOT NULL,
  PRIMARY KEY (creative_id, day, zone_id)
);
-- A publisher's list over a period (optionally one zone), from the index alone.
CREATE INDEX creative_daily_publisher_day_idx ON creative_daily (publisher_id, day) INCLUDE (creative_id, zone_id, impressions, revenue);
CREATE INDEX creative_daily_zone_day_idx ON creative_daily (zone_id, day) INCLUDE (creative_id, impressions, revenue);

-- Bad-ad reports: who reported which creative for which publisher, why; staff read them across publishers.
CREATE TABLE creative_reports (
  id                   serial PRIMARY KEY,
  creative_id          integer NOT NULL REFERENCES creatives (id) ON DELETE CASCADE,
  publisher_id         integer NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  user_id              integer REFERENCES users (id) ON DELETE SET NULL,
  reason               text NOT NULL CHECK (reason IN ('MISLEADING', 'OFFENSIVE', 'MALWARE_OR_REDIRECT', 'LOW_QUALITY', 'OTHER')),
  text                 text CHECK (length(text) <= 500),
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX creative_reports_created_idx ON creative_reports (created_at DESC, id DESC);

-- 'New since my last visit': each user's mark per publisher.
CREATE TABLE creative_visits (
  user_id              integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  publisher_id         integer NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  visited_at           timestamptz NOT NULL,
  PRIMARY KEY (user_id, publisher_id)
);

-- A creative block is a restriction of type 'creative' whose value is the creative id.
ALTER TABLE restrictions DROP CONSTRAINT restrictions_restriction_type_check;
ALTER TABLE restrictions ADD CONSTRAINT restrictions_restriction_type_check
  CHECK (restriction_type IN ('advertiser', 'advertiser_domain', 'iab_category', 'creative'));
ALTER TABLE restriction_settings DROP CONSTRAINT restriction_settings_restriction_type_check;
ALTER TABLE restriction_settings ADD CONSTRAINT restriction_settings_restriction_type_check
  CHECK (restriction_type IN ('advertiser', 'advertiser_domain', 'iab_category', 'creative'));
