// The contract's zone shapes built in SQL, one place per shape, so every answer that returns a zone or its
// services says the same thing; plus the access step every zone route starts with.
import { assertFullProduct, zoneFor, type ZoneAccess } from '../auth/access';
import type { Principal } from '../auth/principal';
import type { Queryable } from '../db/db';

const ISO_TIMESTAMP = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** ZoneService[] of the zone in column `zoneColumn`, by service id ('[]' when it has none). */
export const ZONE_SERVICES_JSON = (zoneColumn: string) => `(
  SELECT coalesce(json_agg(json_build_object(
           'service', json_build_object('id', s.id, 'name', s.name),
           'enabled', zs.enabled,
           'implementationTypeId', zs.implementation_type_id) ORDER BY s.id), '[]'::json)
    FROM zone_services zs JOIN services s ON s.id = zs.service_id
   WHERE zs.zone_id = ${zoneColumn})`;

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
