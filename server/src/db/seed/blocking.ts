// Demo restrictions (blocks): Atlas News blocks globally and on a few zones, Solo Media has a couple of global
// blocks, and Sakura Press is the publisher whose advertiser clusivity is INCLUDE (an allow-list kept by the
// network: its add button turns into "contact your account manager"). Ids are assigned in the order below and
// must agree with DEMO.restrictions; a mismatch throws, so the constant can never silently name another row.
import type { Queryable } from '../db';
import { isValidAdvertiserDomain, toWildcardDomain } from '../../../../src/lib/advertiserDomains';
import { DEMO } from './demoIds';
import { insertRows, syncSequence } from './insert';
import { generateAdvertisers, type GeneratedAdvertiser } from './data/advertisers';
import { iabById } from './data/iab';
import { DEMO_ALERT } from './reports';

type RestrictionType = 'advertiser' | 'advertiser_domain' | 'iab_category';
type Clusivity = 'EXCLUDE' | 'INCLUDE';

interface Block {
  entity: 'publisher' | 'zone';
  entityId: number;
  publisherId: number;
  type: RestrictionType;
  value: string;
  clusivity: Clusivity;
  /** The DEMO.restrictions key that must name this row, if any. */
  demoKey?: keyof typeof DEMO.restrictions;
}

function advertiserDomain(advertisers: readonly GeneratedAdvertiser[], id: number): string {
  const domain = advertisers.find((a) => a.id === id)?.domain;
  if (domain === undefined || !isValidAdvertiserDomain(domain)) throw new Error(`seed: advertiser ${id} has no valid domain`);
  return toWildcardDomain(domain);
}

function group(
  scope: Pick<Block, 'entity' | 'entityId' | 'publisherId'>,
  type: RestrictionType,
  values: readonly (string | number)[],
  demoKey?: Block['demoKey'],
  clusivity: Clusivity = 'EXCLUDE',
): Block[] {
  return values.map((value, index) => {
    if (type === 'iab_category' && iabById(String(value)) === undefined) throw new Error(`seed: unknown IAB category ${value}`);
    return { ...scope, type, value: String(value), clusivity, demoKey: index === 0 ? demoKey : undefined };
  });
}

const P = DEMO.publishers;
const atlas = { entity: 'publisher', entityId: P.atlasNews, publisherId: P.atlasNews } as const;
const atlasZone = (zoneId: number) => ({ entity: 'zone', entityId: zoneId, publisherId: P.atlasNews }) as const;
const solo = { entity: 'publisher', entityId: P.soloMedia, publisherId: P.soloMedia } as const;
const sakura = { entity: 'publisher', entityId: P.sakuraPress, publisherId: P.sakuraPress } as const;

/** In id order (1, 2, ...). Built on call: importing the seed must stay cheap. */
export function planDemoBlocks(): Block[] {
  const advertisers = generateAdvertisers(2000);
  const domain = (id: number) => advertiserDomain(advertisers, id);
  return [
    ...group(atlas, 'advertiser', [1010, 1024, 1057, 1099, 1142, 1203, 1288, 1377], 'atlasAdvertiser'),
    ...group(atlas, 'advertiser_domain', [1500, 1501, 1502, 1503, 1504, 1505].map(domain), 'atlasDomain'),
    // IAB25 blocked whole (as the picker stores a parent with all children selected), and some of IAB7's children.
    ...group(atlas, 'iab_category', ['IAB25'], 'atlasIabParent'),
    ...group(atlas, 'iab_category', ['IAB7-17', 'IAB7-18', 'IAB7-39', 'IAB7-42'], 'atlasIabChild'),
    ...group(atlasZone(DEMO.zones.atlas), 'advertiser', [1600], 'atlasZoneAdvertiser'),
    ...group(atlasZone(DEMO.zones.atlas), 'advertiser_domain', [domain(1601)], 'atlasZoneDomain'),
    ...group(atlasZone(DEMO.zones.atlas), 'iab_category', ['IAB14-1', 'IAB26'], 'atlasZoneIab'),
    ...group(atlasZone(DEMO.zones.atlasFlex), 'advertiser', [1602]),
    ...group(atlasZone(DEMO.zones.atlasFlex), 'iab_category', ['IAB8-5']),
    ...group(atlasZone(DEMO.zones.atlasInVideo), 'advertiser_domain', [domain(1603)]),
    ...group(solo, 'advertiser', [1700], 'soloAdvertiser'),
    ...group(solo, 'advertiser_domain', [domain(1701)], 'soloDomain'),
    ...group(sakura, 'advertiser', [1800, 1801, 1802, 1803], 'sakuraInclude', 'INCLUDE'),
    // The block behind the demo's revenue alert (reports.ts DEMO_ALERT), made some days before the seeding day.
    ...group(atlas, 'advertiser', [DEMO_ALERT.advertiserId], 'atlasAlertBlock'),
  ];
}

/** When the demo alert's block was made: DEMO_ALERT.blockedDaysAgo days before `today`, at its hour (UTC). */
export function demoAlertBlockedAt(today: Date): Date {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - DEMO_ALERT.blockedDaysAgo, DEMO_ALERT.blockedAtHour));
}

export async function seedBlocking(db: Queryable, today: Date): Promise<void> {
  const demoBlocks = planDemoBlocks();
  demoBlocks.forEach((block, index) => {
    if (block.demoKey !== undefined && DEMO.restrictions[block.demoKey] !== index + 1) {
      throw new Error(`seed: DEMO.restrictions.${block.demoKey} is ${DEMO.restrictions[block.demoKey]}, the seed makes ${index + 1}`);
    }
  });
  await insertRows(
    db,
    'restrictions',
    ['id', 'entity_type', 'entity_id', 'publisher_id', 'restriction_type', 'value', 'clusivity', 'created_at'],
    demoBlocks.map((b, index) => [index + 1, b.entity, b.entityId, b.publisherId, b.type, b.value, b.clusivity,
      (b.demoKey === 'atlasAlertBlock' ? demoAlertBlockedAt(today) : new Date(Date.UTC(2024, 0, 8) + index * 86_400_000)).toISOString()]),
  );
  await syncSequence(db, 'restrictions');
  await insertRows(db, 'restriction_settings', ['entity_type', 'entity_id', 'restriction_type', 'clusivity'], [
    ['publisher', P.sakuraPress, 'advertiser', 'INCLUDE'],
  ]);
}
