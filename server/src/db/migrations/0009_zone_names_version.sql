-- The zones list's total with a name filter (issue 24). Counting the matches reads every index entry of the
-- publisher's zones (10,000 for the largest: most of such a request on PGlite), and the same filter is counted
-- again for each page, each sort and each user of the publisher, while nothing it counts changed. A version per
-- publisher that moves whenever one of its zones is added, removed, renamed or moved lets the API keep a filter's
-- total and answer it again without counting, as long as the version it was counted at is still the publisher's:
-- the check is part of the same statement (server/src/routes/zoneSearch.ts), so every instance on the database
-- sees every change at once. Kept by the statement triggers that already keep zone_count, in the same UPDATE.
ALTER TABLE publishers ADD COLUMN zone_names_version bigint NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION zones_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE publishers p SET zone_count = p.zone_count + added.n, zone_names_version = p.zone_names_version + 1
    FROM (SELECT publisher_id, count(*) AS n FROM new_zones GROUP BY publisher_id) AS added
   WHERE p.id = added.publisher_id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION zones_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE publishers p SET zone_count = p.zone_count - removed.n, zone_names_version = p.zone_names_version + 1
    FROM (SELECT publisher_id, count(*) AS n FROM old_zones GROUP BY publisher_id) AS removed
   WHERE p.id = removed.publisher_id;
  RETURN NULL;
END
$$;

-- Zones that changed publisher move a count; a changed name moves the version. Other updates (slot counters,
-- review fields) touch no publisher.
CREATE OR REPLACE FUNCTION zones_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE publishers p SET zone_count = p.zone_count + changed.n, zone_names_version = p.zone_names_version + 1
    FROM (SELECT publisher_id, sum(delta) AS n
            FROM (SELECT n.publisher_id, CASE WHEN n.publisher_id <> o.publisher_id THEN 1 ELSE 0 END AS delta
                    FROM new_zones n JOIN old_zones o USING (tracking_id)
                   WHERE n.publisher_id <> o.publisher_id OR n.name_lower IS DISTINCT FROM o.name_lower
                  UNION ALL
                  SELECT o.publisher_id, -1 FROM new_zones n JOIN old_zones o USING (tracking_id)
                   WHERE n.publisher_id <> o.publisher_id) AS deltas
           GROUP BY publisher_id) AS changed
   WHERE p.id = changed.publisher_id;
  RETURN NULL;
END
$$;
