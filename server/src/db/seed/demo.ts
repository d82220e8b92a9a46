// The demo data set every test and newcomer relies on (README "Demo accounts"). Stable: fixed ids, a seeded
// PRNG, no clock-dependent choices except dates relative to the day of seeding (payment ledger months, report days).
// seedDemo runs the parts below in one transaction; the content of each part lives in its own module.
import type { Db, Queryable } from '../db';
import { hashPassword, type PasswordHashing } from '../../auth/passwords';
import { seedAdsTxt } from './adsTxt';
import { seedAdsTxtSites } from './adsTxtSites';
import { seedBlocking } from './blocking';
import { seedCreatives } from './creatives';
import { DEMO, demoPublisherIds } from './demoIds';
import { planDemoZones } from './demoZones';
import { insertRows, syncSequence } from './insert';
import { seedDemoHistory } from './history';
import { seedPayments } from './payments';
import { seedReports } from './reports';
import { insertZones } from './zones';
import { detectRevenueAlerts } from '../../alerts/detect';
import { iabCategories } from './data/iab';
import { generateAdvertisers } from './data/advertisers';
import {
  businessUnits,
  implementationTypes,
  inSlotPlacements,
  platformTypes,
  products,
  selfIdentifiers,
  slotSizes,
  verticals,
  zoneGrades,
  adsTxtLines,
  LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID,
  BUSINESS_UNIT_IDS,
} from './data/reference';

export { DEMO } from './demoIds';

export const DEMO_PASSWORD = 'Demo#2026pass';


export async function seedReference(db: Queryable): Promise<void> {
  await insertRows(db, 'business_units', ['id', 'name', 'is_legacy_just_premium'], businessUnits.map((b) => [b.id, b.name, b.legacyJustPremium]));
  await insertRows(db, 'services', ['id', 'name', 'key', 'allowed_for_apps'], products.map((p) => [p.id, p.name, p.key, p.allowedForApps]));
  await insertRows(db, 'zone_types', ['id', 'name'], platformTypes.map((t) => [t.id, t.name]));
  await insertRows(db, 'verticals', ['id', 'name'], verticals.map((v) => [v.id, v.name]));
  await insertRows(db, 'zone_grades', ['id', 'name'], zoneGrades.map((g) => [g.id, g.name]));
  await insertRows(db, 'slot_sizes', ['id', 'name', 'width', 'height', 'is_flex'], slotSizes.map((s) => [s.id, s.name, s.width, s.height, s.flex]));
  await insertRows(db, 'implementation_types', ['id', 'name', 'type'], implementationTypes.map((t) => [t.id, t.name, t.type]));
  await insertRows(db, 'slot_placements', ['id', 'name'], inSlotPlacements.map((p) => [p.id, p.name]));
  await insertRows(db, 'self_identifiers', ['id', 'name'], selfIdentifiers.map((s) => [s.id, s.name]));
  await insertRows(
    db,
    'iab_categories',
    ['id', 'parent_id', 'sub_id', 'position', 'name_en', 'name_ja', 'name_es', 'name_fr'],
    iabCategories.map((c, index) => [c.id, c.parentId, c.parentId ? Number(c.id.split('-')[1]) : null, index, c.en, c.ja, c.es, c.fr]),
  );
  await insertRows(
    db,
    'ads_txt_lines',
    ['business_unit_id', 'publisher_id', 'position', 'exchange_domain', 'seller_account_id', 'account_type', 'tag_id'],
    adsTxtLines.map((l, index) => [null, null, index, l.exchangeDomain, l.sellerAccountId, l.accountType, l.tagId ?? null]),
  );
}

export async function seedAdvertisers(db: Queryable, count = 3000): Promise<void> {
  await insertRows(
    db,
    'advertisers',
    ['id', 'name', 'domain', 'iab_category_id', 'iab_sub_category_id'],
    generateAdvertisers(count).map((a) => [a.id, a.name, a.domain, a.iabCategoryId, a.iabSubCategoryId]),
  );
}

export async function seedAccounts(db: Queryable, hashing: PasswordHashing = 'standard'): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD, hashing);
  const u = DEMO.users;
  await insertRows(
    db,
    'users',
    ['id', 'email', 'name', 'password_hash', 'enabled', 'roles', 'is_internal'],
    [
      [u.staff, 'staff@adnetwork.example', 'Sam Staff', hash, true, ['PUBLISHER_SUPPORT'], true],
      [u.solo, 'solo@publisher.example', 'Sofia Solo', hash, true, [], false],
      [u.multi, 'multi@publisher.example', 'Max Multi', hash, true, [], false],
      [u.locked, 'locked@publisher.example', 'Lee Locked', hash, false, [], false],
      [u.editor, 'editor@publisher.example', 'Eddie Editor', hash, true, [], false],
      [u.viewer, 'viewer@publisher.example', 'Vera Viewer', hash, true, [], false],
    ],
  );
  await syncSequence(db, 'users');

  const p = DEMO.publishers;
  const day = (iso: string) => new Date(`${iso}T09:00:00Z`).toISOString();
  const publisherRows: unknown[][] = [
    [p.soloMedia, 'Solo Media', BUSINESS_UNIT_IDS.US, day('2021-03-14'), null, false, null, 0],
    [p.atlasNews, 'Atlas News', BUSINESS_UNIT_IDS.US, day('2019-06-02'), day('2024-01-10'), true, 1001, 3],
    [p.sakuraPress, 'Sakura Press', BUSINESS_UNIT_IDS.JAP, day('2023-04-01'), null, false, null, 0],
    [p.premiumClassic, 'Premium Classic', LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID, day('2018-09-20'), null, false, null, 0],
    [p.lockedOutlet, 'Locked Outlet', BUSINESS_UNIT_IDS.UK, day('2022-01-05'), null, false, null, 0],
  ];
  const others = ['Harbor Gazette', 'Northwind Daily', 'Maple Leaf Media', 'Outback Times', 'Rhine Review', 'Blue Ridge Sports',
    'Cedar Tech Weekly', 'Lumen Games', 'Pacific Travel Notes', 'Granite Finance'];
  // Zones, ledgers and ads.txt lines are planned for DEMO.otherPublisherCount of them.
  if (others.length !== DEMO.otherPublisherCount) throw new Error('seed: DEMO.otherPublisherCount differs from the other publishers');
  const units = [BUSINESS_UNIT_IDS.US, BUSINESS_UNIT_IDS.UK, BUSINESS_UNIT_IDS.CAN, BUSINESS_UNIT_IDS.AUS, BUSINESS_UNIT_IDS.EU];
  others.forEach((name, index) =>
    publisherRows.push([DEMO.firstOtherPublisher + index, name, units[index % units.length], day(`202${index % 5}-0${1 + (index % 9)}-15`), null, false, null, 0]),
  );
  await insertRows(
    db,
    'publishers',
    ['id', 'name', 'business_unit_id', 'created_at', 'gdpr_accepted_at', 'has_slot_revenue', 'passback_advertiser_id', 'passback_campaigns'],
    publisherRows,
  );
  await syncSequence(db, 'publishers');
  // The external users are admins of their publishers; Atlas News has an editor and a viewer too (issue 22).
  await insertRows(db, 'user_publishers', ['user_id', 'publisher_id', 'role'], [
    [u.solo, p.soloMedia, 'ADMIN'],
    [u.multi, p.atlasNews, 'ADMIN'],
    [u.multi, p.sakuraPress, 'ADMIN'],
    [u.multi, p.premiumClassic, 'ADMIN'],
    [u.locked, p.lockedOutlet, 'ADMIN'],
    [u.editor, p.atlasNews, 'EDITOR'],
    [u.viewer, p.atlasNews, 'VIEWER'],
  ]);
}

/** Zones with their domains, services, slots and blocked URLs; blocks; ads.txt; payments; report rows. */
export async function seedContent(db: Queryable, today: Date): Promise<void> {
  const zones = planDemoZones();
  await insertZones(db, zones);
  await seedBlocking(db, today);
  await seedAdsTxt(db, demoPublisherIds());
  await seedReports(db, zones, today);
  await seedCreatives(db, today);
  await seedPayments(db, today);
  await seedDemoHistory(db, today);
  await seedAdsTxtSites(db, today);
}

export interface SeedDemoOptions {
  /** Only moves the dated rows (ledger months, report days); tests may pin it. */
  today?: Date;
  /** The server's config.passwordHashing: the test suites seed cheap hashes. */
  passwordHashing?: PasswordHashing;
}

export async function seedDemo(db: Db, { today = new Date(), passwordHashing = 'standard' }: SeedDemoOptions = {}): Promise<void> {
  await db.transaction((tx) => seedDemoParts(tx, today, passwordHashing));
  await detectSeededAlerts(db, today);
}

/** The revenue alerts of the seeded report rows (DEMO.alerts), as the daily job's first run would raise them. */
async function detectSeededAlerts(db: Db, today: Date): Promise<void> {
  await detectRevenueAlerts(db, { today: today.toISOString().slice(0, 10) });
}

async function seedDemoParts(tx: Queryable, today: Date, passwordHashing: PasswordHashing): Promise<void> {
  await seedReference(tx);
  await seedAdvertisers(tx);
  await seedAccounts(tx, passwordHashing);
  await seedContent(tx, today);
}

/** Advisory lock class of the start-up seed (the migrations' is 727001). */
const SEED_LOCK = 727_002;

/**
 * The demo data into an empty database, as instances starting together on one PostgreSQL do it: the check and the
 * seed run in one transaction under an advisory lock, so one of them seeds (whole, or nothing if it fails) and the
 * others wait for it and find the data there. Answers whether this call seeded.
 */
export async function seedDemoIfEmpty(db: Db, { today = new Date(), passwordHashing = 'standard' }: SeedDemoOptions = {}): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if (await tx.one('SELECT 1 FROM users LIMIT 1')) return false;
    await seedDemoParts(tx, today, passwordHashing);
    return true;
  });
  // By the instance that seeded, once the data are committed (the job's own runs find the alerts there).
  if (seeded) await detectSeededAlerts(db, today);
  return seeded;
}
