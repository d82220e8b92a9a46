// Rows the zone and slot tests stand on, written straight into the test's own database so each test states
// exactly what exists (nothing here depends on the demo seed beyond its fixed ids).
import type { Queryable } from '../../server/src/db/db';
import { DEMO } from '../../server/src/db/seed/demo';
import { DEFAULT_SLOT_SIZE_ID, FLEX_SLOT_SIZE_ID, PLATFORM_TYPE_IDS, PRODUCT_IDS } from '../../server/src/db/seed/data/reference';

export const WEBSITE = PLATFORM_TYPE_IDS.website;
export const APP = PLATFORM_TYPE_IDS.app;
export const SERVICE = PRODUCT_IDS;
export const FLEX_SIZE_ID = FLEX_SLOT_SIZE_ID;
export const SIZE_300X250 = DEFAULT_SLOT_SIZE_ID;

export interface ZoneSeed {
  publisherId: number;
  name?: string;
  typeId?: number;
  userId?: number;
  numberOfSlots?: number;
  enabled?: boolean;
}

export async function insertZone(db: Queryable, zone: ZoneSeed): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO zones (publisher_id, user_id, name, type_id, number_of_slots, enabled)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING tracking_id AS id`,
    [zone.publisherId, zone.userId ?? DEMO.users.staff, zone.name ?? 'Test zone', zone.typeId ?? WEBSITE, zone.numberOfSlots ?? 0, zone.enabled ?? true],
  );
  return row!.id;
}

/** Many zones of one publisher in one statement: names and slot counts from the callbacks. */
export async function insertZones(
  db: Queryable,
  publisherId: number,
  count: number,
  name: (index: number) => string,
  numberOfSlots: (index: number) => number = () => 0,
): Promise<number[]> {
  const indexes = Array.from({ length: count }, (_, index) => index);
  const rows = await db.query<{ id: number }>(
    `INSERT INTO zones (publisher_id, user_id, name, type_id, number_of_slots)
     SELECT $1, $2, n.name, 1, n.slots FROM unnest($3::text[], $4::int[]) WITH ORDINALITY AS n (name, slots, position)
      ORDER BY n.position RETURNING tracking_id AS id`,
    [publisherId, DEMO.users.staff, indexes.map(name), indexes.map(numberOfSlots)],
  );
  return rows.map((row) => row.id);
}

export async function addZoneService(db: Queryable, zoneId: number, serviceId: number, enabled = true): Promise<void> {
  await db.query('INSERT INTO zone_services (zone_id, service_id, enabled) VALUES ($1, $2, $3)', [zoneId, serviceId, enabled]);
}

export async function addBlockedUrl(db: Queryable, zoneId: number, pattern: string, urlType = 'PAGE', evalType = 'CONTAINS'): Promise<number> {
  const row = await db.one<{ id: number }>(
    'INSERT INTO asset_url_filter_patterns (zone_id, pattern, url_type, eval_type) VALUES ($1, $2, $3, $4) RETURNING id',
    [zoneId, pattern, urlType, evalType],
  );
  return row!.id;
}

/** A slot written directly, keeping the zone's counter right as the API does. */
export async function addSlot(db: Queryable, zoneId: number, name: string, slotSizeId = SIZE_300X250, implementationTypeId = 2): Promise<number> {
  const row = await db.one<{ id: number }>(
    'INSERT INTO slots (zone_id, name, slot_size_id, implementation_type_id) VALUES ($1, $2, $3, $4) RETURNING id',
    [zoneId, name, slotSizeId, implementationTypeId],
  );
  await db.query('UPDATE zones SET number_of_slots = number_of_slots + 1 WHERE tracking_id = $1', [zoneId]);
  return row!.id;
}

export async function count(db: Queryable, sql: string, params: readonly unknown[] = []): Promise<number> {
  const row = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) AS counted`, params);
  return row!.n;
}
