-- Initial schema of the reference API. Runs unchanged on PGlite and PostgreSQL 15+.
-- Names follow the specification's domain words (zone, slot, restriction, clusivity).

CREATE TABLE business_units (
  id                   integer PRIMARY KEY,
  name                 text NOT NULL,
  -- The legacy 'just premium' unit sees a reduced product (spec sections 1 and 6).
  is_legacy_just_premium boolean NOT NULL DEFAULT false
);

CREATE TABLE users (
  id                   serial PRIMARY KEY,
  email                text NOT NULL,
  name                 text NOT NULL,
  password_hash        text NOT NULL,
  enabled              boolean NOT NULL DEFAULT true,
  roles                text[] NOT NULL DEFAULT '{}',
  is_internal          boolean NOT NULL DEFAULT false,
  -- Tokens issued (iat) before this instant are refused: set on password change and reset.
  tokens_valid_after   timestamptz NOT NULL DEFAULT to_timestamp(0),
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE advertisers (
  id                   integer PRIMARY KEY,
  name                 text NOT NULL,
  domain               text
);
CREATE INDEX advertisers_name_idx ON advertisers (lower(name) text_pattern_ops);

CREATE TABLE publishers (
  id                   serial PRIMARY KEY,
  name                 text NOT NULL,
  business_unit_id     integer NOT NULL REFERENCES business_units (id),
  created_at           timestamptz NOT NULL DEFAULT now(),
  gdpr_accepted_at     timestamptz,
  has_slot_revenue     boolean NOT NULL DEFAULT false,
  passback_advertiser_id integer REFERENCES advertisers (id),
  passback_campaigns   integer NOT NULL DEFAULT 0,
  payee_name           text,
  payment_method       text
);
CREATE INDEX publishers_name_idx ON publishers (lower(name));

CREATE TABLE user_publishers (
  user_id              integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  publisher_id         integer NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, publisher_id)
);
CREATE INDEX user_publishers_publisher_idx ON user_publishers (publisher_id);

-- Failed sign-in attempts, kept in the database so throttling holds across stateless API instances.
CREATE TABLE login_attempts (
  key                  text PRIMARY KEY,        -- 'email:<lower email>' or 'ip:<address>'
  failures             integer NOT NULL,
  window_started_at    timestamptz NOT NULL,
  blocked_until        timestamptz
);

CREATE TABLE password_resets (
  id                   serial PRIMARY KEY,
  user_id              integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash           text NOT NULL UNIQUE,     -- sha-256 of the link token; the token itself is never stored
  temp_password_hash   text NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  expires_at           timestamptz NOT NULL,
  used_at              timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);

-- Development outbox: the reference server sends no e-mail.
CREATE TABLE outbox (
  id                   serial PRIMARY KEY,
  to_email             text NOT NULL,
  subject              text NOT NULL,
  body_text            text NOT NULL,
  link                 text,
  created_at           timestamptz NOT NULL DEFAULT now()
);

-- Reference data --------------------------------------------------------------------------------

CREATE TABLE services (
  id                   integer PRIMARY KEY,
  name                 text NOT NULL,
  key                  text NOT NULL UNIQUE,
  allowed_for_apps     boolean NOT NULL
);

CREATE TABLE zone_types (
  id                   integer PRIMARY KEY,      -- platform type: 1 website, 3 app
  name                 text NOT NULL
);

CREATE TABLE verticals (
  id                   integer PRIMARY KEY,
  name                 text NOT NULL
);

CREATE TABLE zone_grades (
  id                   integer PRIMARY KEY,
  name                 text NOT NULL
);

CREATE TABLE slot_sizes (
  id                   integer PRIMARY KEY,
  name                 text NOT NULL,
  width                integer NOT NULL,
  height               integer NOT NULL,
  is_flex              boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX slot_sizes_one_flex ON slot_sizes (is_flex) WHERE is_flex;

CREATE TABLE implementation_types (
  id                   integer PRIMARY KEY,
  name                 text NOT NULL,
  type                 text NOT NULL
);

CREATE TABLE slot_placements (
  id                   integer PRIMARY KEY,
  name                 text NOT NULL
);

CREATE TABLE self_identifiers (
  id                   integer PRIMARY KEY,
  name                 text NOT NULL
);

CREATE TABLE iab_categories (
  id                   text PRIMARY KEY,         -- IAB7 or IAB7-1
  parent_id            text REFERENCES iab_categories (id),
  sub_id               integer,                  -- the number after the hyphen; null for parents
  position             integer NOT NULL,
  name_en              text NOT NULL,
  name_ja              text NOT NULL
);
CREATE INDEX iab_categories_parent_idx ON iab_categories (parent_id);

CREATE TABLE ads_txt_lines (
  id                   serial PRIMARY KEY,
  business_unit_id     integer REFERENCES business_units (id),   -- null: every business unit
  publisher_id         integer REFERENCES publishers (id) ON DELETE CASCADE, -- null: every publisher
  position             integer NOT NULL,
  exchange_domain      text NOT NULL,
  seller_account_id    text NOT NULL,
  account_type         text NOT NULL CHECK (account_type IN ('DIRECT', 'RESELLER')),
  tag_id               text
);

-- Zones ----------------------------------------------------------------------------------------

CREATE TABLE zones (
  tracking_id          serial PRIMARY KEY,
  publisher_id         integer NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  user_id              integer NOT NULL REFERENCES users (id),
  name                 text NOT NULL,
  enabled              boolean NOT NULL DEFAULT true,
  type_id              integer NOT NULL REFERENCES zone_types (id),
  vertical_id          integer REFERENCES verticals (id),
  zone_grade_id        integer REFERENCES zone_grades (id),
  msa_start_date       date,
  number_of_slots      integer NOT NULL DEFAULT 0,  -- kept by the slot writes, read by the zones list
  created_at           timestamptz NOT NULL DEFAULT now()
);
-- The zones list: a publisher's zones by name (default sort), by id, or filtered by name.
CREATE INDEX zones_publisher_name_idx ON zones (publisher_id, lower(name), tracking_id);
CREATE INDEX zones_publisher_slots_idx ON zones (publisher_id, number_of_slots, tracking_id);

-- Web domains (wildcard form) or app-store URLs of a zone; each is a "zone domain" with self identifiers.
CREATE TABLE zone_domains (
  id                   serial PRIMARY KEY,
  zone_id              integer NOT NULL REFERENCES zones (tracking_id) ON DELETE CASCADE,
  domain               text NOT NULL,
  kind                 text NOT NULL CHECK (kind IN ('web', 'app')),
  UNIQUE (zone_id, domain)
);

CREATE TABLE zone_domain_self_identifiers (
  zone_domain_id       integer NOT NULL REFERENCES zone_domains (id) ON DELETE CASCADE,
  self_identifier_id   integer NOT NULL REFERENCES self_identifiers (id),
  PRIMARY KEY (zone_domain_id, self_identifier_id)
);

CREATE TABLE zone_services (
  zone_id              integer NOT NULL REFERENCES zones (tracking_id) ON DELETE CASCADE,
  service_id           integer NOT NULL REFERENCES services (id),
  enabled              boolean NOT NULL DEFAULT true,
  implementation_type_id integer REFERENCES implementation_types (id),
  PRIMARY KEY (zone_id, service_id)
);

CREATE TABLE asset_url_filter_patterns (
  id                   serial PRIMARY KEY,
  zone_id              integer NOT NULL REFERENCES zones (tracking_id) ON DELETE CASCADE,
  pattern              text NOT NULL,
  url_type             text NOT NULL CHECK (url_type IN ('PAGE', 'IMAGE')),
  eval_type            text NOT NULL CHECK (eval_type IN ('CONTAINS', 'REGEX')),
  created_at           timestamptz NOT NULL DEFAULT now(),
  UNIQUE (zone_id, pattern)
);

CREATE TABLE slots (
  id                   serial PRIMARY KEY,
  zone_id              integer NOT NULL REFERENCES zones (tracking_id) ON DELETE CASCADE,
  name                 text NOT NULL,
  slot_size_id         integer NOT NULL REFERENCES slot_sizes (id),
  implementation_type_id integer NOT NULL REFERENCES implementation_types (id),
  placement_id         integer REFERENCES slot_placements (id),
  enabled              boolean NOT NULL DEFAULT true,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX slots_zone_idx ON slots (zone_id);

-- Blocking -------------------------------------------------------------------------------------

-- Clusivity of a restriction type for a publisher or zone; absent means EXCLUDE blocks may be added.
CREATE TABLE restriction_settings (
  entity_type          text NOT NULL CHECK (entity_type IN ('publisher', 'zone')),
  entity_id            integer NOT NULL,
  restriction_type     text NOT NULL CHECK (restriction_type IN ('advertiser', 'advertiser_domain', 'iab_category')),
  clusivity            text NOT NULL CHECK (clusivity IN ('EXCLUDE', 'INCLUDE')),
  PRIMARY KEY (entity_type, entity_id, restriction_type)
);

CREATE TABLE restrictions (
  id                   serial PRIMARY KEY,
  entity_type          text NOT NULL CHECK (entity_type IN ('publisher', 'zone')),
  entity_id            integer NOT NULL,        -- publisher id or zone tracking id
  publisher_id         integer NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  restriction_type     text NOT NULL CHECK (restriction_type IN ('advertiser', 'advertiser_domain', 'iab_category')),
  value                text NOT NULL,           -- advertisingRestrictionId: advertiser id, domain or IAB id
  clusivity            text NOT NULL CHECK (clusivity IN ('EXCLUDE', 'INCLUDE')),
  created_at           timestamptz NOT NULL DEFAULT now(),
  UNIQUE (entity_type, entity_id, restriction_type, value)
);
CREATE INDEX restrictions_publisher_idx ON restrictions (publisher_id);

-- Payments and reporting -----------------------------------------------------------------------

CREATE TABLE payment_ledger (
  id                   serial PRIMARY KEY,
  publisher_id         integer NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  date                 date NOT NULL,
  description          text NOT NULL,
  amount               numeric(14, 2) NOT NULL,
  currency             text NOT NULL
);
CREATE INDEX payment_ledger_publisher_date_idx ON payment_ledger (publisher_id, date, id);

-- Daily report rows behind the stand-in dashboards.
CREATE TABLE report_daily (
  publisher_id         integer NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  day                  date NOT NULL,
  zone_id              integer NOT NULL REFERENCES zones (tracking_id) ON DELETE CASCADE,
  advertiser_id        integer NOT NULL REFERENCES advertisers (id),
  impressions          integer NOT NULL,
  clicks               integer NOT NULL,
  revenue              numeric(14, 4) NOT NULL,
  PRIMARY KEY (publisher_id, day, zone_id, advertiser_id)
);

-- Server-side secrets generated once (JWT and frame signing) when not given by the environment.
CREATE TABLE server_secrets (
  name                 text PRIMARY KEY,
  value                text NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now()
);
