// The demo publishers' zones: a few hand-written ones that tests name (DEMO.zones), then generated ones
// (mulberry32, so the same every time) until each publisher has its size: Atlas News 135 (paging and search are
// real), Sakura Press 25, Solo Media 12, Premium Classic 5, Locked Outlet 2, the other publishers 2-4 each.
import { normalizeWebDomain } from '../../../../src/lib/domains';
import { DEMO } from './demoIds';
import type { BlockedUrlSpec, DomainSpec, SlotSpec, ZoneSpec } from './zones';
import { mulberry32, pick, randomInt, siteDomain, zoneName, type Rng } from './data/names';
import { FLEX_SLOT_SIZE_ID, PRODUCT_IDS as P, selfIdentifiers } from './data/reference';

type Curated = Omit<ZoneSpec, 'id' | 'publisherId' | 'userId' | 'createdAt'>;

interface Family {
  publisherId: number;
  userId: number;
  firstZoneId: number;
  /** Zones in all, the curated ones included. */
  count: number;
  curated: readonly Curated[];
  /** Web entries the generated zones draw 1-3 from, typed as a person would (normalised on the way in). */
  sites: readonly string[];
  /** Every appEvery-th generated zone is an app zone (0: none). */
  appEvery: number;
  /** Shares (0-1) of generated web zones with each optional product; in-slot follows the slots. */
  shares: { inImage: number; inContent: number; inScreen: number; inVideo: number; video: number };
  /** Give the first domain of every other generated zone 1-3 self identifiers. */
  selfIdentifiers: boolean;
  blockedUrlShare: number;
  createdFrom: string;
}

const slot = (sizeId: number, implementationTypeId: number, placementId: number | null = null): SlotSpec => ({ sizeId, implementationTypeId, placementId });
const web = (...entries: string[]): DomainSpec[] => entries.map((entry) => ({ entry }));

const ATLAS_CURATED: readonly Curated[] = [
  {
    name: 'Atlas Homepage', type: 'web',
    domains: [{ entry: 'www.atlasnews.com', selfIdentifiers: [1, 2, 6] }, { entry: 'sports.atlasnews.com' }],
    services: [P.inImage, P.inSlot, P.inContent],
    slots: [slot(4, 1, 1), slot(1, 2), slot(4, 2, 2)],
    blockedUrls: [
      { url: 'https://www.atlasnews.com/sponsored/', urlType: 'PAGE' },
      { url: 'https://ads.competitor-news.com/banner.png', urlType: 'IMAGE' },
      { url: 'https://www.atlasnews.com/opinion/partner-content?id=42', urlType: 'PAGE' },
    ],
    verticalId: 1, zoneGradeId: 1, msaStartDate: '2019-07-01',
  },
  {
    name: 'Sports Live Blog', type: 'web', domains: web('sports.atlasnews.com', 'www.atlasnews.co.uk'),
    services: [P.inImage, P.inScreen, P.inSlot], slots: [slot(FLEX_SLOT_SIZE_ID, 1), slot(4, 2, 4), slot(3, 4)],
    verticalId: 2, zoneGradeId: 2,
  },
  {
    name: 'Video Hub', type: 'web', domains: web('video.atlasnews.com'),
    services: [P.inSlot, P.inVideo, P.video], slots: [slot(6, 1, 1)], verticalId: 5,
  },
  {
    name: 'Atlas News iOS App', type: 'app', domains: web('https://apps.apple.com/us/app/atlas-news/id1234567890'),
    services: [P.inSlot, P.video], slots: [slot(2, 2), slot(4, 3)],
  },
  {
    name: 'Atlas News Android App', type: 'app', domains: web('https://play.google.com/store/apps/details?id=com.atlasnews.android'),
    services: [P.inSlot, P.inVideo], slots: [slot(2, 3)],
  },
  {
    name: 'Atlas News Fire TV', type: 'app', domains: web('https://www.amazon.com/dp/B08ATLAS01'), services: [P.video], slots: [],
  },
  { name: 'Newsletter Landing', type: 'web', domains: web('newsletter.atlasnews.com'), services: [P.inImage], slots: [] },
  {
    name: 'Sports Scores Sidebar', type: 'web', domains: web('https://sports.atlasnews.com/scores'),
    // Its second slot was requested and waits for the operator's approval (Slot.status REQUESTED).
    services: [P.inSlot, P.inImage], slots: [slot(5, 1, 3), { ...slot(5, 2, 3), requested: true }], verticalId: 2,
  },
];

const SAKURA_CURATED: readonly Curated[] = [
  {
    name: 'トップページ ヘッダー', type: 'web', domains: web('www.sakura-press.jp', 'news.sakura-press.co.jp'),
    services: [P.inSlot, P.inImage], slots: [slot(1, 1, 1), slot(4, 2)], verticalId: 1, zoneGradeId: 1, msaStartDate: '2023-05-01',
  },
  { name: 'ニュース 記事下', type: 'web', domains: web('news.sakura-press.co.jp'), services: [P.inSlot, P.inContent], slots: [slot(4, 1, 4), slot(4, 2, 4)] },
  { name: 'スポーツ速報 サイドバー', type: 'web', domains: web('sports.sakura-press.jp'), services: [P.inSlot], slots: [slot(3, 2, 3)], verticalId: 2 },
  { name: '経済ニュース インライン', type: 'web', domains: web('keizai.sakura-press.jp'), services: [P.inContent, P.inImage], slots: [], verticalId: 3 },
  { name: 'エンタメ ギャラリー', type: 'web', domains: web('https://geinou.sakura-press.jp/gallery'), services: [P.inImage, P.video], slots: [] },
  { name: '天気予報 フッター', type: 'web', domains: web('tenki.sakura-press.jp'), services: [P.inSlot, P.inScreen], slots: [slot(2, 4)] },
  { name: 'グルメ 記事内', type: 'web', domains: web('gourmet.sakura-press.jp'), services: [P.inSlot, P.inContent], slots: [slot(8, 1), slot(4, 1)] },
  {
    name: 'Sakura Press アプリ', type: 'app', domains: web('https://play.google.com/store/apps/details?id=jp.sakurapress.app'),
    services: [P.inSlot], slots: [slot(2, 2)],
  },
];

const SOLO_CURATED: readonly Curated[] = [
  {
    name: 'Solo Homepage', type: 'web',
    domains: [{ entry: 'www.solomedia.net', selfIdentifiers: [1, 3] }, { entry: 'blog.solomedia.net' }],
    services: [P.inSlot, P.inImage], slots: [slot(4, 1), slot(1, 2)],
    blockedUrls: [{ url: 'https://www.solomedia.net/partners/', urlType: 'PAGE' }],
  },
];

const NO_VIDEO = { inImage: 0.6, inContent: 0.35, inScreen: 0.2, inVideo: 0, video: 0 };

const FAMILIES: readonly Family[] = [
  {
    publisherId: DEMO.publishers.soloMedia, userId: DEMO.users.solo, firstZoneId: DEMO.zones.solo, count: 12, curated: SOLO_CURATED,
    sites: ['www.solomedia.net', 'blog.solomedia.net', 'solo-recipes.com', 'www.solotravelnotes.org', 'https://solomedia.net/podcasts'],
    appEvery: 0, shares: NO_VIDEO, selfIdentifiers: true, blockedUrlShare: 0.2, createdFrom: '2021-03-20',
  },
  {
    publisherId: DEMO.publishers.atlasNews, userId: DEMO.users.multi, firstZoneId: DEMO.zones.atlas, count: 135, curated: ATLAS_CURATED,
    sites: ['www.atlasnews.com', 'sports.atlasnews.com', 'www.atlasnews.co.uk', 'https://www.atlasnews.com.au/', 'finance.atlasnews.com',
      'www2.atlasweather.com', 'm.atlasnews.com', 'video.atlasnews.com', 'atlas-tech-review.io', 'www.atlasgames.net',
      'local.atlasnews.com', 'atlasnews-politics.com', 'www.atlas-kitchen.co'],
    appEvery: 40, shares: { inImage: 0.6, inContent: 0.35, inScreen: 0.2, inVideo: 0.12, video: 0.08 }, selfIdentifiers: true,
    blockedUrlShare: 0.1, createdFrom: '2019-06-10',
  },
  {
    publisherId: DEMO.publishers.sakuraPress, userId: DEMO.users.multi, firstZoneId: DEMO.zones.sakura, count: 25, curated: SAKURA_CURATED,
    sites: ['www.sakura-press.jp', 'news.sakura-press.co.jp', 'sports.sakura-press.jp', 'keizai.sakura-press.jp',
      'https://gourmet.sakura-press.jp/', 'tenki.sakura-press.jp', 'www.sakura-life.jp', 'sakura-press.com'],
    appEvery: 0, shares: { inImage: 0.5, inContent: 0.4, inScreen: 0.15, inVideo: 0.06, video: 0.08 }, selfIdentifiers: false,
    blockedUrlShare: 0.1, createdFrom: '2023-04-10',
  },
  {
    publisherId: DEMO.publishers.premiumClassic, userId: DEMO.users.multi, firstZoneId: DEMO.zones.premium, count: 5, curated: [],
    sites: ['www.premiumclassic.com', 'luxury.premiumclassic.com', 'www.classic-cars-weekly.com'],
    appEvery: 0, shares: { inImage: 0.8, inContent: 0.2, inScreen: 0.6, inVideo: 0, video: 0 }, selfIdentifiers: false,
    blockedUrlShare: 0, createdFrom: '2018-10-01',
  },
  {
    publisherId: DEMO.publishers.lockedOutlet, userId: DEMO.users.locked, firstZoneId: DEMO.zones.locked, count: 2, curated: [],
    sites: ['www.locked-outlet.co.uk'], appEvery: 0, shares: NO_VIDEO, selfIdentifiers: false, blockedUrlShare: 0, createdFrom: '2022-01-10',
  },
  // The other publishers (nobody's, staff only): a few zones each on sites of their own.
  ...Array.from({ length: 10 }, (_, k): Family => ({
    publisherId: DEMO.firstOtherPublisher + k, userId: DEMO.users.staff, firstZoneId: 4001 + 10 * k, count: 2 + (k % 3), curated: [],
    sites: [0, 1, 2].map((j) => siteDomain(mulberry32(k), 5000 + 3 * k + j)),
    appEvery: 0, shares: NO_VIDEO, selfIdentifiers: false, blockedUrlShare: 0, createdFrom: `202${k % 5}-0${1 + (k % 9)}-20`,
  })),
];

const WEB_SLOT_COUNTS = [0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 6] as const;
/** 300x250 (id 4) is the most common size, as in real inventories. */
const FIXED_SIZES = [4, 4, 4, 1, 1, 2, 3, 5, 6, 7, 8] as const;

function generatedSlots(rng: Rng, app: boolean): SlotSpec[] {
  const count = app ? randomInt(rng, 0, 2) : pick(rng, WEB_SLOT_COUNTS);
  return Array.from({ length: count }, (_, k) => ({
    sizeId: k === 0 && !app && rng() < 0.1 ? FLEX_SLOT_SIZE_ID : pick(rng, FIXED_SIZES),
    implementationTypeId: randomInt(rng, 1, 4),
    placementId: rng() < 0.4 ? randomInt(rng, 1, 5) : null,
    enabled: rng() >= 0.05,
  }));
}

function generatedServices(rng: Rng, family: Family, app: boolean, hasSlots: boolean): number[] {
  const s = family.shares;
  const drawn = app
    ? [[P.inVideo, s.inVideo], [P.video, 0.4]] as const
    : [[P.inImage, s.inImage], [P.inContent, s.inContent], [P.inScreen, s.inScreen], [P.inVideo, s.inVideo], [P.video, s.video]] as const;
  const services = drawn.filter(([, share]) => rng() < share).map(([id]) => id as number);
  if (hasSlots) services.unshift(P.inSlot);
  if (services.length === 0) services.push(app ? P.inSlot : P.inImage);
  return services;
}

function storeEntry(i: number, slug: string): string {
  const stores = [
    `https://apps.apple.com/us/app/${slug}/id${1_500_000_000 + i}`,
    `https://play.google.com/store/apps/details?id=com.atlasnews.${slug.replace(/-/g, '')}`,
    `https://www.amazon.com/dp/B0${String(10_000_000 + i)}`,
  ];
  return stores[i % stores.length] ?? '';
}

function normalizedSite(entry: string): string {
  const normalized = normalizeWebDomain(entry);
  if (!normalized.ok) throw new Error(`seed: site ${entry} is not a valid domain`);
  return normalized.value;
}

function generatedBlockedUrls(rng: Rng, entry: string): BlockedUrlSpec[] {
  const host = normalizedSite(entry).slice('*.'.length);
  const urls: BlockedUrlSpec[] = [{ url: `https://${host}/sponsored/${randomInt(rng, 100, 999)}`, urlType: 'PAGE' }];
  if (rng() < 0.5) urls.push({ url: `https://cdn.${host}/ads/banner-${randomInt(rng, 1, 40)}.jpg`, urlType: 'IMAGE' });
  return urls;
}

function generatedZone(rng: Rng, family: Family, index: number, id: number): Curated {
  const app = family.appEvery > 0 && index % family.appEvery === family.appEvery - 1;
  const name = zoneName(rng, index);
  const slots = generatedSlots(rng, app);
  let domains: DomainSpec[];
  if (app) {
    domains = web(storeEntry(id, `atlas-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`));
  } else {
    // Distinct after normalisation ('www.x.com' and 'https://x.com/' are one domain), as the new-zone form keeps them.
    const entries = new Map<string, string>();
    const wanted = randomInt(rng, 1, Math.min(3, new Set(family.sites.map(normalizedSite)).size));
    while (entries.size < wanted) {
      const entry = pick(rng, family.sites);
      entries.set(normalizedSite(entry), entry);
    }
    domains = [...entries.values()].map((entry, position) => ({
      entry,
      selfIdentifiers: family.selfIdentifiers && position === 0 && index % 2 === 0
        ? [...new Set(Array.from({ length: randomInt(rng, 1, 3) }, () => pick(rng, selfIdentifiers).id))].sort((a, b) => a - b)
        : undefined,
    }));
  }
  const blockedUrls = !app && rng() < family.blockedUrlShare ? generatedBlockedUrls(rng, domains[0]?.entry ?? '') : undefined;
  return {
    name, type: app ? 'app' : 'web', domains, slots, blockedUrls,
    services: generatedServices(rng, family, app, slots.length > 0),
    // One generated zone in forty still awaits review (new zones start disabled).
    enabled: index % 40 !== 20,
    verticalId: rng() < 0.5 ? randomInt(rng, 1, 12) : null,
    zoneGradeId: rng() < 0.4 ? randomInt(rng, 1, 3) : null,
    msaStartDate: rng() < 0.25 ? `20${randomInt(rng, 19, 25)}-${String(randomInt(rng, 1, 12)).padStart(2, '0')}-01` : null,
  };
}

export function planDemoZones(): ZoneSpec[] {
  return FAMILIES.flatMap((family) => {
    const rng = mulberry32(0xde70 + family.publisherId);
    const names = new Set(family.curated.map((zone) => zone.name));
    const created = Date.parse(`${family.createdFrom}T10:00:00Z`);
    return Array.from({ length: family.count }, (_, position): ZoneSpec => {
      const id = family.firstZoneId + position;
      let zone = family.curated[position];
      if (zone === undefined) {
        zone = generatedZone(rng, family, position - family.curated.length, id);
        if (names.has(zone.name)) throw new Error(`seed zone ${id}: name ${zone.name} taken`);
        names.add(zone.name);
      }
      const createdAt = new Date(created + position * 3 * 86_400_000).toISOString();
      return { ...zone, id, publisherId: family.publisherId, userId: family.userId, createdAt };
    });
  });
}
