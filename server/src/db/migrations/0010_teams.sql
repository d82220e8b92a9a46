-- Teams (issue 22): a member's role per publisher, invitations by e-mail, a publisher's two-factor requirement,
-- and the team's changes in the change history.

-- Every existing member becomes an ADMIN of its publisher (the demo data's external users included): until now a
-- member could do everything, and keeps doing so until an admin says otherwise.
ALTER TABLE user_publishers
  ADD COLUMN role text NOT NULL DEFAULT 'ADMIN' CONSTRAINT user_publishers_role_check CHECK (role IN ('ADMIN', 'EDITOR', 'VIEWER', 'FINANCE')),
  ADD COLUMN added_at timestamptz NOT NULL DEFAULT now();
-- The last-admin rule counts a publisher's admins.
CREATE INDEX user_publishers_admins_idx ON user_publishers (publisher_id) WHERE role = 'ADMIN';

ALTER TABLE publishers ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false;

-- Shown on the team page; set by every successful sign-in.
ALTER TABLE users ADD COLUMN last_sign_in_at timestamptz;

-- An invitation's link carries a random token; only its SHA-256 is kept, so a copy of the table opens nothing.
-- Open: neither accepted nor revoked (an expired one stays open until it is replaced or revoked).
CREATE TABLE invitations (
  id                   serial PRIMARY KEY,
  publisher_id         integer NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  email                text NOT NULL,
  role                 text NOT NULL CONSTRAINT invitations_role_check CHECK (role IN ('ADMIN', 'EDITOR', 'VIEWER', 'FINANCE')),
  token_hash           text NOT NULL UNIQUE,
  invited_by           integer REFERENCES users (id) ON DELETE SET NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  expires_at           timestamptz NOT NULL,
  accepted_at          timestamptz,
  accepted_by          integer REFERENCES users (id) ON DELETE SET NULL,
  revoked_at           timestamptz
);
-- One open invitation per publisher and e-mail (two admins inviting at once: one of them gets 409).
CREATE UNIQUE INDEX invitations_open_idx ON invitations (publisher_id, lower(email)) WHERE accepted_at IS NULL AND revoked_at IS NULL;

-- The history learns the team's kinds. TWO_FACTOR, like PASSWORD, may belong to a user alone (their own change).
ALTER TABLE history DROP CONSTRAINT history_kind_check;
ALTER TABLE history ADD CONSTRAINT history_kind_check CHECK (kind IN ('ZONE', 'PRODUCTS', 'BLOCKED_URLS', 'SLOTS', 'BLOCKS',
  'SELF_IDENTIFIERS', 'GDPR', 'PASSWORD', 'MEMBER', 'INVITATION', 'TEAM_SETTINGS', 'TWO_FACTOR'));
ALTER TABLE history DROP CONSTRAINT history_publisher_check;
ALTER TABLE history ADD CONSTRAINT history_publisher_check CHECK (publisher_id IS NOT NULL OR kind IN ('PASSWORD', 'TWO_FACTOR'));
