-- Blocking's two reads that missed their latency target on the large seed (issue 9).

-- The advertiser search answers a total counted up to 1,000 (the contract). Counting a common three-letter term
-- through the trigram index reads every match's index entry and then up to 1,001 heap rows; among 500,000
-- advertisers that was most of a request. Instead, how many advertisers contain each three-character string of
-- their lower-cased name, with and without a domain, kept exact by statement triggers: a term of three characters
-- is such a string, so its total is one key lookup, and for a longer term the rarest of its strings bounds the
-- number of matches (no advertiser contains the term without containing each of them).
CREATE TABLE advertiser_name_grams (
  gram                 text PRIMARY KEY,
  advertisers          integer NOT NULL,
  with_domain          integer NOT NULL
);

-- Each three-character string of a name once (a name holding one twice still counts once).
CREATE FUNCTION advertiser_name_grams_of(name_lower text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT substr(name_lower, i, 3) FROM generate_series(1, length(name_lower) - 2) AS i
$$;

CREATE FUNCTION advertiser_name_grams_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE advertiser_name_grams t SET advertisers = t.advertisers - o.advertisers, with_domain = t.with_domain - o.with_domain
      FROM (SELECT g.gram, count(*)::int AS advertisers, count(*) FILTER (WHERE r.has_domain)::int AS with_domain
              FROM old_rows r CROSS JOIN LATERAL advertiser_name_grams_of(r.name_lower) AS g(gram) GROUP BY g.gram) o
     WHERE t.gram = o.gram;
    DELETE FROM advertiser_name_grams WHERE advertisers = 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO advertiser_name_grams AS t
    SELECT g.gram, count(*), count(*) FILTER (WHERE r.has_domain)
      FROM new_rows r CROSS JOIN LATERAL advertiser_name_grams_of(r.name_lower) AS g(gram) GROUP BY g.gram
    ON CONFLICT (gram) DO UPDATE
       SET advertisers = t.advertisers + excluded.advertisers, with_domain = t.with_domain + excluded.with_domain;
  END IF;
  RETURN NULL;
END $$;

-- PostgreSQL refuses transition tables on a trigger limited to some columns, so any update of advertisers
-- recounts its rows' strings (advertisers are reference data, written by the seeds).
CREATE TRIGGER advertisers_name_grams_insert AFTER INSERT ON advertisers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION advertiser_name_grams_apply();
CREATE TRIGGER advertisers_name_grams_update AFTER UPDATE ON advertisers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION advertiser_name_grams_apply();
CREATE TRIGGER advertisers_name_grams_delete AFTER DELETE ON advertisers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION advertiser_name_grams_apply();

INSERT INTO advertiser_name_grams
SELECT g.gram, count(*), count(*) FILTER (WHERE a.has_domain)
  FROM advertisers a CROSS JOIN LATERAL advertiser_name_grams_of(a.name_lower) AS g(gram) GROUP BY g.gram;
