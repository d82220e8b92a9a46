-- Issue 21: the IAB categories' Spanish and French names, so the reference calls answer every category in the
-- console's language (the Japanese ones were there from the start). Null where a database was seeded before this
-- migration: those names read in English (coalesce) until the demo data are seeded again.
ALTER TABLE iab_categories ADD COLUMN name_es text, ADD COLUMN name_fr text;
