// The contract's zone shapes, one place per shape (Zone in SQL; ZoneService from compact SQL tuples), so every
// answer that returns a zone or its services says the same thing; plus the access step every zone route starts with.
import { assertFullProduct, zoneFor, type ZoneAccess } from '../../auth/access';
import type { Principal } from '../../auth/principal';
import type { Queryable } from '../../db/db';
import type { components } from '../../../../openapi/portal';
import type { ZoneProduct } from '../../../../src/lib/history';

const ISO_TIMESTAMP = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

type ZoneService = components['schemas']['ZoneService'];

/**
 * A zone's services, by service id, as [serviceId, enabled 0|1, implementationTypeId|null] tuples: building the
 * ZoneService objects in SQL cost the zones list more than everything else in its query (measured on PGlite), so
 * SQL sends tuples and zoneServicesOf builds the contract's shape from them with SERVICE_NAMES.
 */
export const ZONE_SERVICE_TUPLES = (zoneColumn: string) => `(
  SELECT coalesce(array_agg(ARRAY[zs.service_id, zs.enabled::int, zs.implementation_type_id] ORDER BY zs.service_id), '{}')
    FROM zone_services zs WHERE zs.zone_id = ${zoneColumn})`;

/** {serviceId: name} of every service, read in the same statement as the tuples. */
export const SERVICE_NAMES = `(SELECT json_object_agg(s.id, s.name) FROM services s)`;

export type ZoneServiceTuple = [serviceId: number, enabled: number, implementationTypeId: number | null];

export function zoneServicesOf(tuples: readonly ZoneServiceTuple[], names: Readonly<Record<string, string>>): ZoneService[] {
  return tuples.map(([id, enabled, implementationTypeId]) => ({
    service: { id, name: names[id] ?? '' },
    enabled: enabled === 1,
    implementationTypeId,
  }));
}

/** Zone (the full record) of the row aliased `z`. */
export const ZONE_JSON = `json_build_object(
  'trackingId', z.tracking_id,
  'name', z.name,
  'enabled', z.enabled,
  'typeId', z.type_id,
  'zoneType', (SELECT json_build_object('id', t.id, 'name', t.name) FROM zone_types t WHERE t.id = z.type_id),
  'vertical', (SELECT json_build_object('id', v.id, 'name', v.name) FROM verticals v WHERE v.id = z.vertical_id),
  'zoneGrade', (SELECT json_build_object('id', g.id, 'name', g.name) FROM zone_grades g WHERE g.id = z.zone_grade_id),
  'msaStartDate', to_char(z.msa_start_date, 'YYYY-MM-DD'),
  'developerWebsite', z.developer_website,
  'domains', (SELECT coalesce(json_agg(d.domain ORDER BY d.id), '[]'::json) FROM zone_domains d
               WHERE d.zone_id = z.tracking_id AND d.kind = 'web'),
  'appStoreUrls', (SELECT coalesce(json_agg(d.domain ORDER BY d.id), '[]'::json) FROM zone_domains d
                    WHERE d.zone_id = z.tracking_id AND d.kind = 'app'),
  'userId', z.user_id,
  'publisherId', z.publisher_id,
  'numberOfSlots', z.number_of_slots,
  'createdAt', to_char(z.created_at AT TIME ZONE 'UTC', ${ISO_TIMESTAMP})
)`;

/** A zone the caller may act for (404 otherwise) whose publisher has the full product (403 otherwise). */
export async function fullProductZone(db: Queryable, principal: Principal, zoneId: number): Promise<ZoneAccess> {
  const zone = await zoneFor(db, principal, zoneId);
  assertFullProduct(zone);
  return zone;
}

/** The products (enabled services, by id) of each zone, named, as the change history keeps them; [] for none. */
export async function zoneProducts(db: Queryable, zoneIds: readonly number[]): Promise<Map<number, ZoneProduct[]>> {
  const rows = await db.query<ZoneProduct & { zoneId: number }>(
    `SELECT zs.zone_id AS "zoneId", s.id, s.name, zs.implementation_type_id AS "implementationTypeId"
       FROM zone_services zs JOIN services s ON s.id = zs.service_id
      WHERE zs.zone_id = ANY($1::int[]) AND zs.enabled
      ORDER BY zs.zone_id, s.id`,
    [zoneIds],
  );
  const byZone = new Map(zoneIds.map((id) => [id, [] as ZoneProduct[]]));
  for (const { zoneId, ...product } of rows) byZone.get(zoneId)?.push(product);
  return byZone;
}

/** A zone's products as one comparable value: a change, or a conflict with what an entry says, is a difference. */
export const productsKey = (products: readonly ZoneProduct[]) =>
  JSON.stringify([...products].sort((a, b) => a.id - b.id).map((product) => [product.id, product.implementationTypeId]));
