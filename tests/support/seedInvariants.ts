// Invariants every seeded zone must keep, whichever seed made it (demo or large). Each returns the offending
// rows, so a failing test names the zone instead of saying "expected false to be true".
import type { Queryable } from '../../server/src/db/db';
import { isValidStoreUrl, normalizeWebDomain } from '../../src/lib/domains';
import { nameSlotRows } from '../../src/lib/slots';
import { slotSizes } from '../../server/src/db/seed/data/reference';

/** Zones whose number_of_slots differs from their slot rows. */
export function slotCountMismatches(db: Queryable, fromZoneId = 0) {
  return db.query<{ zone_id: number; number_of_slots: number; slots: number }>(
    `SELECT z.tracking_id AS zone_id, z.number_of_slots, count(s.id)::int AS slots
       FROM zones z LEFT JOIN slots s ON s.zone_id = z.tracking_id
      WHERE z.tracking_id >= $1
      GROUP BY z.tracking_id HAVING z.number_of_slots <> count(s.id)`,
    [fromZoneId],
  );
}

/** Zones with more than one flex slot (spec section 9: only 1 flex slot per zone). */
export function zonesWithSeveralFlexSlots(db: Queryable, fromZoneId = 0) {
  return db.query<{ zone_id: number; flex: number }>(
    `SELECT s.zone_id, count(*)::int AS flex FROM slots s JOIN slot_sizes ss ON ss.id = s.slot_size_id
      WHERE ss.is_flex AND s.zone_id >= $1 GROUP BY s.zone_id HAVING count(*) > 1`,
    [fromZoneId],
  );
}

/**
 * Slots whose name is not the one the console would give an unnamed row of that size, requested in id order
 * (src/lib/slots.ts nameSlotRows): '300x250', '300x250-1', ...
 */
export async function misnamedSlots(db: Queryable, fromZoneId = 0) {
  const rows = await db.query<{ id: number; zone_id: number; name: string; slot_size_id: number }>(
    'SELECT id, zone_id, name, slot_size_id FROM slots WHERE zone_id >= $1 ORDER BY zone_id, id',
    [fromZoneId],
  );
  const byZone = new Map<number, typeof rows>();
  for (const row of rows) byZone.set(row.zone_id, [...(byZone.get(row.zone_id) ?? []), row]);
  const wrong: { id: number; name: string; expected: string }[] = [];
  for (const slots of byZone.values()) {
    const named = nameSlotRows(slots.map((s) => ({ name: '', sizeId: s.slot_size_id })), [], slotSizes);
    slots.forEach((slot, index) => {
      const expected = named[index]?.name ?? '';
      if (slot.name !== expected) wrong.push({ id: slot.id, name: slot.name, expected });
    });
  }
  return wrong;
}

/** Zone domains that are not stored in the form the new-zone form would store them. */
export async function invalidZoneDomains(db: Queryable, fromZoneId = 0) {
  const rows = await db.query<{ id: number; domain: string; kind: 'web' | 'app'; type_id: number }>(
    `SELECT d.id, d.domain, d.kind, z.type_id FROM zone_domains d JOIN zones z ON z.tracking_id = d.zone_id
      WHERE d.zone_id >= $1`,
    [fromZoneId],
  );
  return rows.filter((row) => {
    if (row.kind === 'app') return row.type_id !== 3 || !isValidStoreUrl(row.domain);
    const normalized = normalizeWebDomain(row.domain);
    return row.type_id !== 1 || !normalized.ok || normalized.value !== row.domain;
  });
}

/** App zones with a service not allowed for apps. */
export function appZonesWithWebServices(db: Queryable, fromZoneId = 0) {
  return db.query<{ zone_id: number; service_id: number }>(
    `SELECT zs.zone_id, zs.service_id FROM zone_services zs
       JOIN zones z ON z.tracking_id = zs.zone_id JOIN services s ON s.id = zs.service_id
      WHERE z.type_id = 3 AND NOT s.allowed_for_apps AND z.tracking_id >= $1`,
    [fromZoneId],
  );
}

/** Publishers with two zones of the same name (names are unique within a publisher). */
export function duplicateZoneNames(db: Queryable) {
  return db.query<{ publisher_id: number; name: string }>(
    'SELECT publisher_id, name FROM zones GROUP BY publisher_id, name HAVING count(*) > 1',
  );
}
