// Report rows of the large data set: 180 days for the largest publisher ('Atlas Network Large'), over its first
// LARGE_REPORT_ZONES enabled zones and LARGE_REPORT_ADVERTISERS advertisers (288,000 rows), so the dashboard
// benchmark reads a publisher with twenty-five times the rows of the busiest demo publisher.
import type { Queryable } from '../db';
import { mulberry32 } from './data/names';
import { insertReportRows, reportPairs } from './reports';

export const LARGE_REPORT_ZONES = 200;
export const LARGE_REPORT_ADVERTISERS = 8;

export async function seedLargeReports(db: Queryable, publisherId: number, today: Date, zoneCount = LARGE_REPORT_ZONES): Promise<number> {
  const zones = await db.query<{ id: number }>(
    'SELECT tracking_id AS id FROM zones WHERE publisher_id = $1 AND enabled ORDER BY tracking_id LIMIT $2',
    [publisherId, zoneCount],
  );
  // Demo advertisers (1000 and up) no demo publisher blocks globally.
  const advertiserIds = Array.from({ length: LARGE_REPORT_ADVERTISERS }, (_, k) => 2000 + 37 * k);
  const pairs = reportPairs(mulberry32(0x1a26e + publisherId), zones.map((zone) => zone.id), {
    advertiserIds,
    impressions: [200, 6_000],
    ecpm: [0.4, 3],
  });
  await insertReportRows(db, publisherId, today, pairs);
  return pairs.length;
}
