-- The ads.txt monitor (issue 27): after each crawl of a root ads.txt, storeCrawl drops the subdomains that file no
-- longer declares (WHERE publisher_id = $1 AND declared_by = $2). Without an index that read every site of the
-- publisher, once per crawled site: a crawl of 10,000 sites of one publisher went from 56 to 144 sites/s with it
-- (npm run bench:crawl -- --concurrency 32). Partial: only declared subdomains have declared_by.
CREATE INDEX ads_txt_sites_declared_idx ON ads_txt_sites (publisher_id, declared_by) WHERE declared_by IS NOT NULL;
