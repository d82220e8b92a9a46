-- Two-factor sign-in and sessions (issue 22).

-- A user's TOTP secret, encrypted (AES-256-GCM, server/src/auth/twoFactor.ts) with TOTP_ENCRYPTION_KEY or a key
-- kept in server_secrets. enabled_at is null while a set-up waits for its first code. last_used_step is the
-- newest 30-second step a code was accepted for: a code of that step or an earlier one is never taken again.
CREATE TABLE user_two_factor (
  user_id              integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret               text NOT NULL,
  enabled_at           timestamptz,
  last_used_step       bigint,
  created_at           timestamptz NOT NULL DEFAULT now()
);

-- Recovery codes: only an HMAC of each (keyed by a server secret) is kept; each works once.
CREATE TABLE recovery_codes (
  id                   serial PRIMARY KEY,
  user_id              integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash            text NOT NULL,
  used_at              timestamptz
);
CREATE INDEX recovery_codes_user_idx ON recovery_codes (user_id, code_hash);

-- One row per sign-in; every token names its row (sid), and the API refuses a token whose session has ended, on
-- every instance (the row is in the shared database). last_seen_at and address move at most once a minute.
-- token_issued_at is the iat of the session's newest token, so a session whose tokens a password change or a
-- "sign out everywhere" refused (users.tokens_valid_after) is no longer listed as active.
CREATE TABLE user_sessions (
  id                   serial PRIMARY KEY,
  user_id              integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_agent           text NOT NULL,
  address              text NOT NULL,
  second_factor        boolean NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  last_seen_at         timestamptz NOT NULL DEFAULT now(),
  token_issued_at      timestamptz NOT NULL,
  expires_at           timestamptz NOT NULL,
  ended_at             timestamptz
);
CREATE INDEX user_sessions_user_idx ON user_sessions (user_id, last_seen_at DESC);
