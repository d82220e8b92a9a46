// Authorization on objects. An external user acts only for the publishers linked to it; internal users act
// for every publisher. Anything else answers exactly like a missing object (404), so ids of other publishers'
// objects cannot be probed.
import type { Queryable } from '../db/db';
import { forbidden, notFound } from '../http/errors';
import type { Principal } from './principal';

export interface PublisherAccess {
  id: number;
  name: string;
  businessUnitId: number;
  isLegacyJustPremium: boolean;
}

export interface ZoneAccess {
  trackingId: number;
  /** The name as it is now (the change history keeps it with each change). */
  name: string;
  publisherId: number;
  typeId: number;
  isLegacyJustPremium: boolean;
}

/** SQL condition: the caller ($principalId, $isInternal) may act for publisher `column`. */
export const ALLOWED_PUBLISHER_SQL = (column: string, principalParam: string, internalParam: string) =>
  `(${internalParam}::boolean OR EXISTS (SELECT 1 FROM user_publishers up WHERE up.user_id = ${principalParam} AND up.publisher_id = ${column}))`;

export async function publisherFor(db: Queryable, principal: Principal, publisherId: number): Promise<PublisherAccess> {
  const row = await db.one<PublisherAccess>(
    `SELECT p.id, p.name, p.business_unit_id AS "businessUnitId", bu.is_legacy_just_premium AS "isLegacyJustPremium"
       FROM publishers p JOIN business_units bu ON bu.id = p.business_unit_id
      WHERE p.id = $1 AND ${ALLOWED_PUBLISHER_SQL('p.id', '$2', '$3')}`,
    [publisherId, principal.id, principal.isInternal],
  );
  if (!row) throw notFound('Publisher not found');
  return row;
}

export async function zoneFor(db: Queryable, principal: Principal, zoneId: number): Promise<ZoneAccess> {
  const row = await db.one<ZoneAccess>(
    `SELECT z.tracking_id AS "trackingId", z.name, z.publisher_id AS "publisherId", z.type_id AS "typeId",
            bu.is_legacy_just_premium AS "isLegacyJustPremium"
       FROM zones z JOIN publishers p ON p.id = z.publisher_id JOIN business_units bu ON bu.id = p.business_unit_id
      WHERE z.tracking_id = $1 AND ${ALLOWED_PUBLISHER_SQL('z.publisher_id', '$2', '$3')}`,
    [zoneId, principal.id, principal.isInternal],
  );
  if (!row) throw notFound('Zone not found');
  return row;
}

/** Every zone must be one the caller may act for; otherwise the whole call is refused as if one were missing. */
export async function zonesFor(db: Queryable, principal: Principal, zoneIds: readonly number[]): Promise<ZoneAccess[]> {
  const rows = await db.query<ZoneAccess>(
    `SELECT z.tracking_id AS "trackingId", z.name, z.publisher_id AS "publisherId", z.type_id AS "typeId",
            bu.is_legacy_just_premium AS "isLegacyJustPremium"
       FROM zones z JOIN publishers p ON p.id = z.publisher_id JOIN business_units bu ON bu.id = p.business_unit_id
      WHERE z.tracking_id = ANY($1::int[]) AND ${ALLOWED_PUBLISHER_SQL('z.publisher_id', '$2', '$3')}`,
    [zoneIds, principal.id, principal.isInternal],
  );
  if (rows.length !== new Set(zoneIds).size) throw notFound('Zone not found');
  return rows;
}

/**
 * Legacy just-premium publishers cannot use zones, blocking, the inclusive inventory program or previous
 * payments (spec section 6). The UI hides those areas; the server refuses them too.
 */
export function assertFullProduct(target: { isLegacyJustPremium: boolean }): void {
  if (target.isLegacyJustPremium) throw forbidden('Not available for this publisher');
}
