// A zone's services (the products chips): list, bulk upsert over several zones, removal of one.
import { assertFullProduct, zonesFor, type ZoneAccess } from '../../auth/access';
import type { Queryable } from '../../db/db';
import { badRequest, notFound, type ErrorDetail } from '../../http/errors';
import { NO_CONTENT, type Handlers } from '../../http/handlers';
import type { RecordChange } from '../../history/types';
import type { ZoneProduct } from '../../../../src/lib/history';
import { ZONE_TYPE } from '../../../../src/lib/products';
import { fullProductZone, productsKey, SERVICE_NAMES, ZONE_SERVICE_TUPLES, zoneProducts, zoneServicesOf, type ZoneServiceTuple } from './zoneSql';

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

  async putZoneServices({ db, principal, body, record }) {
    const zones = await zonesFor(db, principal, body.trackingIds);
    zones.forEach(assertFullProduct);
    const publisherIds = [...new Set(zones.map((zone) => zone.publisherId))];
    if (publisherIds.length > 1) {
      // Staff may name zones of several publishers; a change goes into one publisher's history.
      throw badRequest('The zones of one call must belong to one publisher', [
        { field: '/body/trackingIds', message: 'names zones of several publishers' },
      ]);
    }

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

    const zoneIds = zones.map((zone) => zone.trackingId);
    const before = await zoneProducts(db, zoneIds);
    await db.query(
      `INSERT INTO zone_services (zone_id, service_id, enabled, implementation_type_id)
       SELECT zone_id, s.service_id, true, s.implementation_type_id
         FROM unnest($1::int[]) AS zone_id
        CROSS JOIN unnest($2::int[], $3::int[]) AS s (service_id, implementation_type_id)
       ON CONFLICT (zone_id, service_id)
       DO UPDATE SET enabled = true, implementation_type_id = EXCLUDED.implementation_type_id`,
      [zoneIds, serviceIds, implementationTypeIds],
    );
    await recordProducts(record, zones, before, await zoneProducts(db, zoneIds));
    return NO_CONTENT;
  },

  async deleteZoneService({ db, principal, params, record }) {
    const zone = await fullProductZone(db, principal, params.zoneId);
    const before = await zoneProducts(db, [zone.trackingId]);
    const removed = await db.query('DELETE FROM zone_services WHERE zone_id = $1 AND service_id = $2 RETURNING service_id', [
      params.zoneId,
      params.serviceId,
    ]);
    if (removed.length === 0) throw notFound('The zone has no such service');
    await recordProducts(record, [zone], before, await zoneProducts(db, [zone.trackingId]));
    return NO_CONTENT;
  },
};

/** PRODUCTS: the zones whose products the call changed, each with all of its products before and after. */
function recordProducts(
  record: RecordChange,
  zones: readonly ZoneAccess[],
  before: ReadonlyMap<number, ZoneProduct[]>,
  after: ReadonlyMap<number, ZoneProduct[]>,
): Promise<void> {
  const changed = zones.filter((zone) => productsKey(before.get(zone.trackingId) ?? []) !== productsKey(after.get(zone.trackingId) ?? []));
  const named = (zone: ZoneAccess) => ({ id: zone.trackingId, name: zone.name });
  return record({
    kind: 'PRODUCTS',
    publisherId: zones[0]!.publisherId,
    zone: zones.length === 1 ? named(zones[0]!) : null,
    before: { zones: changed.map((zone) => ({ zone: named(zone), products: before.get(zone.trackingId) ?? [] })) },
    after: { zones: changed.map((zone) => ({ zone: named(zone), products: after.get(zone.trackingId) ?? [] })) },
  });
}
