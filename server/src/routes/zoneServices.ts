// A zone's services (the products chips): list, bulk upsert over several zones, removal of one.
import { assertFullProduct, zonesFor } from '../auth/access';
import type { Queryable } from '../db/db';
import { badRequest, notFound, type ErrorDetail } from '../http/errors';
import { NO_CONTENT, type Handlers } from '../http/handlers';
import { ZONE_TYPE } from '../../../src/lib/products';
import { fullProductZone, SERVICE_NAMES, ZONE_SERVICE_TUPLES, zoneServicesOf, type ZoneServiceTuple } from './zoneSql';

/**
 * Refuses (400, one detail per offending entry) service ids that do not exist or, when the request concerns an
 * app zone, that apps may not use. `field(i)` names the entry in the request body.
 */
export async function assertServicesAllowed(
  db: Queryable,
  serviceIds: readonly number[],
  zoneTypeIds: readonly number[],
  field: (index: number) => string,
): Promise<void> {
  if (serviceIds.length === 0) return;
  const known = await db.query<{ id: number; allowedForApps: boolean }>(
    'SELECT id, allowed_for_apps AS "allowedForApps" FROM services WHERE id = ANY ($1::int[])',
    [serviceIds],
  );
  const byId = new Map(known.map((service) => [service.id, service]));
  const forApps = zoneTypeIds.includes(ZONE_TYPE.app);
  const details: ErrorDetail[] = [];
  serviceIds.forEach((id, index) => {
    const service = byId.get(id);
    if (!service) details.push({ field: field(index), message: 'is not a known service', value: id });
    else if (forApps && !service.allowedForApps) details.push({ field: field(index), message: 'is not available for app zones', value: id });
  });
  if (details.length) throw badRequest('Some services cannot be enabled on these zones', details);
}

export const zoneServiceHandlers: Handlers = {
  async listZoneServices({ db, principal, params }) {
    await fullProductZone(db, principal, params.zoneId);
    const row = await db.one<{ tuples: ZoneServiceTuple[]; names: Record<string, string> }>(
      `SELECT to_json(${ZONE_SERVICE_TUPLES('$1::int')}) AS tuples, ${SERVICE_NAMES} AS names`,
      [params.zoneId],
    );
    return row ? zoneServicesOf(row.tuples, row.names) : [];
  },

  async putZoneServices({ db, principal, body }) {
    const zones = await zonesFor(db, principal, body.trackingIds);
    zones.forEach(assertFullProduct);

    const serviceIds = body.services.map((entry) => entry.serviceId);
    const repeated: ErrorDetail[] = [];
    serviceIds.forEach((id, index) => {
      if (serviceIds.indexOf(id) !== index) repeated.push({ field: `/body/services/${index}/serviceId`, message: 'is listed twice', value: id });
    });
    if (repeated.length) throw badRequest('A service may be listed once', repeated);
    await assertServicesAllowed(db, serviceIds, zones.map((zone) => zone.typeId), (index) => `/body/services/${index}/serviceId`);

    const implementationTypeIds = body.services.map((entry) => entry.implementationTypeId ?? null);
    const given = implementationTypeIds.filter((id): id is number => id !== null);
    if (given.length) {
      const known = await db.query<{ id: number }>('SELECT id FROM implementation_types WHERE id = ANY ($1::int[])', [given]);
      const knownIds = new Set(known.map((row) => row.id));
      const unknown: ErrorDetail[] = [];
      implementationTypeIds.forEach((id, index) => {
        if (id !== null && !knownIds.has(id)) {
          unknown.push({ field: `/body/services/${index}/implementationTypeId`, message: 'is not a known implementation type', value: id });
        }
      });
      if (unknown.length) throw badRequest('Unknown implementation types', unknown);
    }

    await db.query(
      `INSERT INTO zone_services (zone_id, service_id, enabled, implementation_type_id)
       SELECT zone_id, s.service_id, true, s.implementation_type_id
         FROM unnest($1::int[]) AS zone_id
        CROSS JOIN unnest($2::int[], $3::int[]) AS s (service_id, implementation_type_id)
       ON CONFLICT (zone_id, service_id)
       DO UPDATE SET enabled = true, implementation_type_id = EXCLUDED.implementation_type_id`,
      [zones.map((zone) => zone.trackingId), serviceIds, implementationTypeIds],
    );
    return NO_CONTENT;
  },

  async deleteZoneService({ db, principal, params }) {
    await fullProductZone(db, principal, params.zoneId);
    const removed = await db.query('DELETE FROM zone_services WHERE zone_id = $1 AND service_id = $2 RETURNING service_id', [
      params.zoneId,
      params.serviceId,
    ]);
    if (removed.length === 0) throw notFound('The zone has no such service');
    return NO_CONTENT;
  },
};
