-- ads.txt alerts (issue 27 item 5): a site going from all authorised to anything worse is an alert in the alerts
-- inbox, beside the revenue drops, so each user's read, dismissed and e-mailed state (revenue_alert_states) works
-- for both; it resolves itself when the site is authorised again. And the monitor's changes explain revenue drops.

-- The kind of alert. An ADS_TXT alert has no figures (zeros, metric REVENUE: what is at risk); it keeps what the
-- crawl that raised it found, so it still says so once its site is gone.
ALTER TABLE revenue_alerts
  ADD COLUMN type text NOT NULL DEFAULT 'REVENUE' CONSTRAINT revenue_alerts_type_check CHECK (type IN ('REVENUE', 'ADS_TXT')),
  -- The monitor's change (ads_txt_site_changes) that raised it: unique per alert. No foreign key: a site removed
  -- takes its changes with it, and its alert stays (resolved).
  ADD COLUMN ads_txt_change_id integer,
  ADD COLUMN ads_txt_site_id integer REFERENCES ads_txt_sites (id) ON DELETE SET NULL,
  ADD COLUMN ads_txt_domain text,
  ADD COLUMN ads_txt_kind text,
  ADD COLUMN ads_txt_status_before text,
  ADD COLUMN ads_txt_status text,
  ADD COLUMN ads_txt_lines_lost text[],
  ADD COLUMN resolved_at timestamptz,
  ADD CONSTRAINT revenue_alerts_ads_txt_check CHECK ((type = 'ADS_TXT') = (ads_txt_change_id IS NOT NULL));
-- A revenue drop stays keyed as before (its change id is null, and nulls are not distinct); an ads.txt alert is
-- keyed by its change, so two sites failing on one day are two alerts.
ALTER TABLE revenue_alerts DROP CONSTRAINT revenue_alerts_key;
ALTER TABLE revenue_alerts ADD CONSTRAINT revenue_alerts_key UNIQUE NULLS NOT DISTINCT (publisher_id, zone_id, metric, day, ads_txt_change_id);
-- One open alert per site, whichever instance's crawl finds it failing again.
CREATE UNIQUE INDEX revenue_alerts_open_ads_txt_idx ON revenue_alerts (ads_txt_site_id) WHERE type = 'ADS_TXT' AND resolved_at IS NULL;

-- A cause is a history entry or an ads.txt change the monitor found (lines lost on one of the scope's sites).
ALTER TABLE revenue_alert_causes
  ALTER COLUMN entry_id DROP NOT NULL,
  ADD COLUMN ads_txt_change_id integer,
  DROP CONSTRAINT revenue_alert_causes_effect_check,
  ADD CONSTRAINT revenue_alert_causes_effect_check
    CHECK (effect IN ('BLOCK', 'PRODUCT_REMOVED', 'ZONE_DISABLED', 'SLOTS_REMOVED', 'ADS_TXT_LINES_LOST', 'NONE')),
  ADD CONSTRAINT revenue_alert_causes_source_check CHECK ((entry_id IS NULL) <> (ads_txt_change_id IS NULL));

-- The ads.txt alerts' e-mails, opt-in per user and publisher; those raised before turning them on are not sent.
ALTER TABLE notification_settings
  ADD COLUMN ads_txt_emails boolean NOT NULL DEFAULT false,
  ADD COLUMN ads_txt_emails_since timestamptz;
