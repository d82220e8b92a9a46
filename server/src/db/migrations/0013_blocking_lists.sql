-- The blocked lists paged and filtered by the server (issues 21 and 24, searchRestrictions): a scope with 25,000
-- blocked advertisers and 25,000 domains shows its first page without reading them all.
--
-- Advertiser blocks are listed by the advertiser's name, which lives in another table: ordering a page of them
-- meant naming every block of the list first (25,000 key probes into 500,000 advertisers, then a sort: about
-- 150 ms a page on PGlite), and so did counting a filter on names. So each restriction keeps the lower-cased
-- text its list sorts and filters by: an advertiser block its advertiser's name (its id while no advertiser has
-- it), a domain or IAB block its value. A page is then a walk of one index range, a count or a filter one scan
-- of its entries, from the index alone.

ALTER TABLE restrictions ADD COLUMN sort_name text;

UPDATE restrictions r SET sort_name = lower(r.value) WHERE r.restriction_type <> 'advertiser';
UPDATE restrictions r SET sort_name = coalesce(a.name_lower, r.value)
  FROM restrictions s LEFT JOIN advertisers a ON s.value ~ '^[1-9][0-9]{0,9}$' AND a.id = s.value::bigint
 WHERE r.id = s.id AND r.restriction_type = 'advertiser';

ALTER TABLE restrictions ALTER COLUMN sort_name SET NOT NULL;

-- Every writer of restrictions (the handlers, the import, the seeds) gets it without naming it.
CREATE FUNCTION restrictions_sort_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.restriction_type = 'advertiser' AND NEW.value ~ '^[1-9][0-9]{0,9}$' THEN
    NEW.sort_name := coalesce((SELECT a.name_lower FROM advertisers a WHERE a.id = NEW.value::bigint), NEW.value);
  ELSE
    NEW.sort_name := lower(NEW.value);
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER restrictions_sort_name BEFORE INSERT OR UPDATE OF value, restriction_type ON restrictions
  FOR EACH ROW EXECUTE FUNCTION restrictions_sort_name();

-- An advertiser renamed (reference data, written by the seeds) renames its blocks' sort names.
CREATE FUNCTION advertisers_rename_blocks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE restrictions r SET sort_name = n.name_lower
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE o.name_lower IS DISTINCT FROM n.name_lower
     AND r.restriction_type = 'advertiser' AND r.value = n.id::text;
  RETURN NULL;
END $$;

CREATE TRIGGER advertisers_rename_blocks AFTER UPDATE ON advertisers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION advertisers_rename_blocks();

-- One list (an entity's blocks of one type) in its order, with what the filter and the counts read.
CREATE INDEX restrictions_list_idx ON restrictions (entity_type, entity_id, restriction_type, sort_name, id) INCLUDE (value, clusivity);

-- A list's total without a filter, kept exact by statement triggers as zones' zone_count is (migration 0004): the
-- first page of 25,000 blocks then counts them with one key lookup instead of a pass over all of them. A filtered
-- total still counts the matching index entries.
CREATE TABLE restriction_counts (
  entity_type          text NOT NULL,
  entity_id            integer NOT NULL,
  restriction_type     text NOT NULL,
  clusivity            text NOT NULL,
  n                    integer NOT NULL,
  PRIMARY KEY (entity_type, entity_id, restriction_type, clusivity)
);

CREATE FUNCTION restriction_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE restriction_counts t SET n = t.n - o.n
      FROM (SELECT entity_type, entity_id, restriction_type, clusivity, count(*)::int AS n FROM old_rows GROUP BY 1, 2, 3, 4) o
     WHERE t.entity_type = o.entity_type AND t.entity_id = o.entity_id AND t.restriction_type = o.restriction_type
       AND t.clusivity = o.clusivity;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO restriction_counts AS t
    SELECT entity_type, entity_id, restriction_type, clusivity, count(*) FROM new_rows GROUP BY 1, 2, 3, 4
    ON CONFLICT (entity_type, entity_id, restriction_type, clusivity) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM restriction_counts t
     USING (SELECT DISTINCT entity_type, entity_id, restriction_type, clusivity FROM old_rows) o
     WHERE t.entity_type = o.entity_type AND t.entity_id = o.entity_id AND t.restriction_type = o.restriction_type
       AND t.clusivity = o.clusivity AND t.n = 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER restrictions_counts_insert AFTER INSERT ON restrictions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION restriction_counts_apply();
CREATE TRIGGER restrictions_counts_update AFTER UPDATE ON restrictions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION restriction_counts_apply();
CREATE TRIGGER restrictions_counts_delete AFTER DELETE ON restrictions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION restriction_counts_apply();

INSERT INTO restriction_counts
SELECT entity_type, entity_id, restriction_type, clusivity, count(*) FROM restrictions GROUP BY 1, 2, 3, 4;
