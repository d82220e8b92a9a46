-- Invitations are throttled by what was created (issue 30): per recipient in 24 hours, per publisher and per
-- inviting user in an hour, counted from the invitations themselves (never deleted; a revoked one still counts).
-- These indexes answer each count from the newest rows of its key.
CREATE INDEX invitations_recipient_created_idx ON invitations (lower(email), created_at);
CREATE INDEX invitations_publisher_created_idx ON invitations (publisher_id, created_at);
CREATE INDEX invitations_inviter_created_idx ON invitations (invited_by, created_at);
