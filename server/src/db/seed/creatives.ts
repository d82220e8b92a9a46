// Demo creatives (issue 28, the ad review center): the ads that served on the demo publishers' zones over the
// CREATIVE_DAYS days before the seeding day. Atlas News gets hundreds (several per advertiser it reports on, a few
// in sensitive categories, and one hostile preview whose SVG holds a script and an external image: the review
// center must show it inert); Solo Media and Sakura Press a few each. Every creative serves on some of the zones
// its advertiser's report rows name, from its first to its last day; its daily figures are its share of those
// rows (report_daily), so a creative never earned more than its advertiser did there. Previews are small SVGs
// made here from the creative's own fields: deterministic, nothing downloaded. One INSERT ... SELECT writes the
// daily rows, so the whole part stays well under a second.
import type { Queryable } from '../db';
import { DEMO } from './demoIds';
import { insertRows } from './insert';
import { mulberry32, pick, randomInt, type Rng } from './data/names';
import { REPORT_PROFILES, DEMO_ALERT } from './reports';

export const CREATIVE_DAYS = 30;

const P = DEMO.publishers;

/** How many creatives each publisher gets, from which first id (DEMO.creatives names the first ones). */
const PLAN = [
  { publisherId: P.atlasNews, firstId: DEMO.creatives.atlasFirst, count: 320 },
  { publisherId: P.soloMedia, firstId: DEMO.creatives.soloFirst, count: 12 },
  { publisherId: P.sakuraPress, firstId: DEMO.creatives.sakuraFirst, count: 12 },
] as const;

const FORMATS: readonly { format: 'display' | 'video' | 'native'; sizes: readonly (readonly [number, number])[] }[] = [
  { format: 'display', sizes: [[300, 250], [728, 90], [160, 600], [320, 50], [300, 600], [970, 250]] },
  { format: 'video', sizes: [[640, 360], [1280, 720]] },
  { format: 'native', sizes: [[1200, 627], [600, 600]] },
];

/** Sensitive categories a few creatives are in, whatever their advertiser sells (alcohol, tobacco, politics). */
const SENSITIVE = ['IAB8-5', 'IAB9-9', 'IAB11-4', 'IAB8-18'] as const;

const parentOf = (id: string) => id.split('-')[0] ?? id;
const withParent = (id: string) => (id.includes('-') ? [parentOf(id), id] : [id]);

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** A small picture of the ad: its advertiser, its size, a colour of its own; a play mark on a video. */
export function previewSvg(creative: { id: number; advertiser: string; width: number; height: number; format: string }): string {
  const hue = (creative.id * 47) % 360;
  const { width: w, height: h } = creative;
  const font = Math.max(10, Math.min(28, Math.floor(Math.min(w / 12, h / 3))));
  const play =
    creative.format === 'video'
      ? `<polygon points="${w / 2 - 20},${h / 2 - 24} ${w / 2 - 20},${h / 2 + 24} ${w / 2 + 24},${h / 2}" fill="#fff" opacity="0.85"/>`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<rect width="${w}" height="${h}" fill="hsl(${hue},55%,42%)"/>` +
    `<rect x="4" y="4" width="${w - 8}" height="${h - 8}" fill="none" stroke="#fff" stroke-opacity="0.5"/>` +
    play +
    `<text x="${w / 2}" y="${h / 2 + font / 3}" font-family="sans-serif" font-size="${font}" fill="#fff" text-anchor="middle">${escapeXml(creative.advertiser)}</text>` +
    `<text x="8" y="${h - 8}" font-family="sans-serif" font-size="10" fill="#fff">${w}x${h} ${creative.format}</text>` +
    '</svg>'
  );
}

/** The hostile preview (DEMO.creatives.atlasHostile): served inert by the portal (CSP, sandboxed frame). */
export const HOSTILE_PREVIEW_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="300" height="250">' +
  '<rect width="300" height="250" fill="#222"/>' +
  '<image href="https://tracker.invalid/pixel.gif" xlink:href="https://tracker.invalid/pixel.gif" width="1" height="1"/>' +
  '<script>top.location = "https://tracker.invalid/landing"; fetch("https://tracker.invalid/beacon");</script>' +
  '<text x="150" y="130" font-family="sans-serif" font-size="18" fill="#fff" text-anchor="middle">You won a prize!</text>' +
  '</svg>';

interface PlannedCreative {
  id: number;
  publisherId: number;
  advertiserId: number;
  domain: string;
  categories: string[];
  width: number;
  height: number;
  format: string;
  svg: string;
  firstDay: number; // days before today
  lastDay: number;
  zoneIds: number[];
  weight: number;
}

function planCreatives(
  rng: Rng,
  plan: (typeof PLAN)[number],
  advertisers: ReadonlyMap<number, { name: string; domain: string | null; sub: string | null }>,
  advertiserIds: readonly number[],
  zonesOf: ReadonlyMap<number, number[]>,
): PlannedCreative[] {
  const creatives: PlannedCreative[] = [];
  for (let i = 0; i < plan.count; i++) {
    const id = plan.firstId + i;
    const hostile = id === DEMO.creatives.atlasHostile;
    // The hostile one is an everyday advertiser's, serving the whole period (the review center lists it).
    const advertiserId = hostile ? advertiserIds[0]! : pick(rng, advertiserIds);
    const advertiser = advertisers.get(advertiserId);
    const zones = zonesOf.get(advertiserId) ?? [];
    if (!advertiser || zones.length === 0) continue;
    const roll = rng();
    const kind = FORMATS[roll < 0.7 ? 0 : roll < 0.85 ? 1 : 2]!;
    const [width, height] = pick(rng, kind.sizes);
    const sensitive = rng() < 0.04;
    const category = sensitive ? pick(rng, SENSITIVE) : (advertiser.sub ?? 'IAB24');
    const firstDay = hostile ? CREATIVE_DAYS : randomInt(rng, 1, CREATIVE_DAYS);
    const lastDay = hostile || rng() < 0.6 ? 1 : randomInt(rng, 1, firstDay);
    const zoneCount = randomInt(rng, 1, Math.min(4, zones.length));
    const chosen = new Set<number>();
    while (chosen.size < zoneCount) chosen.add(pick(rng, zones));
    creatives.push({
      id,
      publisherId: plan.publisherId,
      advertiserId,
      domain: advertiser.domain ?? `advertiser-${advertiserId}.example`,
      categories: withParent(category),
      width: hostile ? 300 : width,
      height: hostile ? 250 : height,
      format: hostile ? 'display' : kind.format,
      svg: hostile ? HOSTILE_PREVIEW_SVG : previewSvg({ id, advertiser: advertiser.name, width, height, format: kind.format }),
      firstDay,
      lastDay,
      zoneIds: [...chosen].sort((a, b) => a - b),
      weight: 0.2 + rng() * 2,
    });
  }
  return creatives;
}

/** Creatives and their daily rows for the demo publishers; after seedReports (the rows they share out). */
export async function seedCreatives(db: Queryable, today: Date): Promise<void> {
  const day = today.toISOString().slice(0, 10);
  const dayAt = (daysBefore: number, hour: number) =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysBefore, hour)).toISOString();
  for (const plan of PLAN) {
    const profile = REPORT_PROFILES.find((p) => p.publisherId === plan.publisherId);
    if (!profile) continue;
    const advertiserIds = plan.publisherId === P.atlasNews ? [...profile.advertiserIds, DEMO_ALERT.advertiserId] : [...profile.advertiserIds];
    const rows = await db.query<{ id: number; name: string; domain: string | null; sub: string | null; zones: number[] }>(
      `SELECT a.id, a.name, a.domain, a.iab_sub_category_id AS sub,
              ARRAY(SELECT DISTINCT r.zone_id FROM report_daily r
                     WHERE r.publisher_id = $1 AND r.advertiser_id = a.id AND r.day > $3::date - ${CREATIVE_DAYS + 1}
                     ORDER BY 1) AS zones
         FROM advertisers a WHERE a.id = ANY($2::int[])`,
      [plan.publisherId, advertiserIds, day],
    );
    const advertisers = new Map(rows.map((row) => [row.id, row]));
    const zonesOf = new Map(rows.map((row) => [row.id, row.zones]));
    const creatives = planCreatives(mulberry32(0xc2ea7 + plan.publisherId), plan, advertisers, advertiserIds, zonesOf);
    await insertRows(
      db,
      'creatives',
      ['id', 'publisher_id', 'advertiser_id', 'advertiser_domain', 'iab_categories', 'width', 'height', 'format', 'preview_svg', 'first_seen_at', 'last_seen_at'],
      creatives.map((c) => [c.id, c.publisherId, c.advertiserId, c.domain, c.categories, c.width, c.height, c.format, c.svg,
        dayAt(c.firstDay, 7), dayAt(c.lastDay, 21)]),
      500,
    );
    // Each creative's share of its advertiser's report row on that zone and day, by weight among the advertiser's
    // creatives serving there that day, rounded down: shares rounded to nearest added up to more than the
    // advertiser's row on some days (three creatives each half an impression up), so the seed's check failed by date.
    const pairs = creatives.flatMap((c) => c.zoneIds.map((zoneId) => ({ c, zoneId })));
    await db.query(
      `INSERT INTO creative_daily (creative_id, day, zone_id, publisher_id, impressions, revenue)
       SELECT s.creative_id, s.day, s.zone_id, $1, floor(s.impressions * s.share)::int, trunc((s.revenue * s.share)::numeric, 4)
         FROM (SELECT p.creative_id, r.day, r.zone_id, r.impressions, r.revenue,
                      p.weight / sum(p.weight) OVER (PARTITION BY r.zone_id, r.advertiser_id, r.day) AS share
                 FROM unnest($2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::float8[])
                        AS p (creative_id, advertiser_id, zone_id, first_day, last_day, weight)
                 JOIN report_daily r ON r.publisher_id = $1 AND r.zone_id = p.zone_id AND r.advertiser_id = p.advertiser_id
                                    AND r.day BETWEEN $8::date - p.first_day AND $8::date - p.last_day) s`,
      [plan.publisherId, pairs.map((p) => p.c.id), pairs.map((p) => p.c.advertiserId), pairs.map((p) => p.zoneId),
        pairs.map((p) => p.c.firstDay), pairs.map((p) => p.c.lastDay), pairs.map((p) => p.c.weight), day],
    );
  }
}
