-- The history learns bad-ad reports (issue 28): every action from the ad review is one entry with undo, a report's
-- undo takes it back.
ALTER TABLE history DROP CONSTRAINT history_kind_check;
ALTER TABLE history ADD CONSTRAINT history_kind_check CHECK (kind IN ('ZONE', 'PRODUCTS', 'BLOCKED_URLS', 'SLOTS', 'BLOCKS',
  'SELF_IDENTIFIERS', 'GDPR', 'PASSWORD', 'MEMBER', 'INVITATION', 'TEAM_SETTINGS', 'TWO_FACTOR', 'API_KEY', 'AD_REPORT'));
