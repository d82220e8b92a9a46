// The change history of the large data set (issue 12): 1,000,000 entries over the last 395 days (inside the
// default retention of 400), a quarter of them for 'Atlas Network Large', the rest over the ordinary publishers in
// proportion to their zones. One INSERT ... SELECT from generate_series: kind, zone, author and the before/after
// are derived from the row number; `at` grows with it, so every publisher's entries are ranked in time order.
// The entries have the shapes of src/lib/history.ts but describe made-up changes (an undo of one would mostly
// meet a conflict): the data set is for the history page's speed.
import type { Queryable } from '../db';
import { DEMO } from './demoIds';
import { appendHistory } from './history';

export const LARGE_HISTORY_DEFAULTS = { entries: 1_000_000, bigPublisherShare: 0.25 } as const;

const h = (salt: number) => `(hashint8(g::bigint * 64 + ${salt}) & 2147483647)`;

export interface LargeHistoryScope {
  bigPublisherId: number;
  /** The big publisher's zones are firstZoneId .. firstZoneId + bigZones - 1; the ordinary ones follow. */
  firstZoneId: number;
  bigZones: number;
  ordinaryZones: number;
  /** Ordinary publisher firstPublisherId + k has the one user firstUserId + k. */
  firstPublisherId: number;
  firstUserId: number;
}

export async function seedLargeHistory(db: Queryable, scope: LargeHistoryScope, entries: number = LARGE_HISTORY_DEFAULTS.entries): Promise<number> {
  if (entries === 0) return 0;
  const everyBig = Math.round(1 / LARGE_HISTORY_DEFAULTS.bigPublisherShare);
  const kind = `CASE WHEN ${h(1)} % 100 < 30 THEN 'BLOCKS' WHEN ${h(1)} % 100 < 50 THEN 'ZONE' WHEN ${h(1)} % 100 < 65 THEN 'PRODUCTS'
                     WHEN ${h(1)} % 100 < 80 THEN 'BLOCKED_URLS' WHEN ${h(1)} % 100 < 90 THEN 'SLOTS' ELSE 'SELF_IDENTIFIERS' END`;
  // The big publisher's zones for one entry in `everyBig`, an ordinary zone (and so its publisher) otherwise.
  const zoneId = `CASE WHEN g % ${everyBig} = 0 OR ${scope.ordinaryZones} = 0 THEN ${scope.firstZoneId} + ${h(2)} % ${Math.max(scope.bigZones, 1)}
                       ELSE ${scope.firstZoneId + scope.bigZones} + ${h(2)} % ${Math.max(scope.ordinaryZones, 1)} END`;
  // Staff for a fifth of the entries; else the publisher's own user (Max Multi for the big one).
  const authorId = `CASE WHEN ${h(3)} % 5 = 0 THEN ${DEMO.users.staff} WHEN z.publisher_id = ${scope.bigPublisherId} THEN ${DEMO.users.multi}
                         ELSE z.publisher_id - ${scope.firstPublisherId} + ${scope.firstUserId} END`;
  const zoneJson = `jsonb_build_object('id', e.zone_id, 'name', e.zone_name)`;
  const blocks = `jsonb_build_object('blocks', jsonb_build_array(jsonb_build_object('type', 'advertiser_domain',
                    'id', '*.ads' || e.g % 5003 || '.example.com', 'name', '*.ads' || e.g % 5003 || '.example.com')))`;
  const before = `CASE e.kind
      WHEN 'ZONE' THEN jsonb_build_object('name', e.zone_name || ' (draft)')
      WHEN 'PRODUCTS' THEN jsonb_build_object('zones', jsonb_build_array(jsonb_build_object('zone', ${zoneJson},
        'products', jsonb_build_array(jsonb_build_object('id', 5, 'name', 'InImage Ads', 'implementationTypeId', NULL)))))
      WHEN 'BLOCKED_URLS' THEN jsonb_build_object('urls', '[]'::jsonb)
      WHEN 'SLOTS' THEN jsonb_build_object('slots', '[]'::jsonb)
      WHEN 'SELF_IDENTIFIERS' THEN jsonb_build_object('domains', jsonb_build_array(jsonb_build_object('zoneDomainId', e.g, 'zone', ${zoneJson},
        'domain', '*.site' || e.g % 997 || '.example.com', 'selfIdentifiers', '[]'::jsonb)))
      ELSE CASE WHEN e.g % 2 = 0 THEN ${blocks} ELSE jsonb_build_object('blocks', '[]'::jsonb) END END`;
  const after = `CASE e.kind
      WHEN 'ZONE' THEN jsonb_build_object('name', e.zone_name)
      WHEN 'PRODUCTS' THEN jsonb_build_object('zones', jsonb_build_array(jsonb_build_object('zone', ${zoneJson},
        'products', jsonb_build_array(jsonb_build_object('id', 5, 'name', 'InImage Ads', 'implementationTypeId', NULL),
                                      jsonb_build_object('id', 14, 'name', 'InContent Ads', 'implementationTypeId', NULL)))))
      WHEN 'BLOCKED_URLS' THEN jsonb_build_object('urls', jsonb_build_array(jsonb_build_object('id', e.g, 'pattern',
        'https://ads' || e.g % 997 || '.example.com/banner', 'urlType', 'PAGE', 'evalType', 'CONTAINS')))
      WHEN 'SLOTS' THEN jsonb_build_object('slots', jsonb_build_array(jsonb_build_object('id', e.g, 'name', '300x250-' || e.g % 5,
        'size', '300x250', 'enabled', true)))
      WHEN 'SELF_IDENTIFIERS' THEN jsonb_build_object('domains', jsonb_build_array(jsonb_build_object('zoneDomainId', e.g, 'zone', ${zoneJson},
        'domain', '*.site' || e.g % 997 || '.example.com', 'selfIdentifiers', jsonb_build_array(jsonb_build_object('id', 2, 'name', 'UID 2.0')))))
      ELSE CASE WHEN e.g % 2 = 0 THEN jsonb_build_object('blocks', '[]'::jsonb) ELSE ${blocks} END END`;
  const operation = `CASE e.kind WHEN 'ZONE' THEN 'updateZone' WHEN 'PRODUCTS' THEN 'putZoneServices' WHEN 'BLOCKED_URLS' THEN 'addBlockedUrls'
      WHEN 'SLOTS' THEN 'requestSlots' WHEN 'SELF_IDENTIFIERS' THEN 'saveZoneDomainSelfIdentifiers'
      ELSE CASE WHEN e.g % 2 = 0 THEN 'deleteRestrictions' ELSE 'createRestrictions' END END`;
  return appendHistory(
    db,
    `SELECT e.at, e.publisher_id, CASE WHEN e.kind = 'BLOCKS' AND e.g % 3 = 0 THEN NULL ELSE e.zone_id END AS zone_id,
            CASE WHEN e.kind = 'BLOCKS' AND e.g % 3 = 0 THEN NULL ELSE e.zone_name END AS zone_name, e.kind, ${operation} AS operation,
            u.id AS author_id, u.name AS author_name, u.email AS author_email, u.is_internal AS author_internal, ${before} AS before, ${after} AS after
       FROM (SELECT g, now() - interval '395 days' + g * (interval '395 days' / $1::int) AS at, z.publisher_id, z.tracking_id AS zone_id,
                    z.name AS zone_name, ${kind} AS kind, ${authorId} AS author_id
               FROM generate_series(1, $1::int) AS g JOIN zones z ON z.tracking_id = ${zoneId}) e
       JOIN users u ON u.id = e.author_id`,
    [entries],
  );
}
