/**
 * What saving the zone products' checkboxes sends (spec section 4 'Zone products': save deletes unchecked
 * existing services one by one, then bulk-puts the checked ones).
 *
 * Choices where the spec is open:
 * - Only services that are enabled now and were unchecked are deleted. A service the zone holds disabled shows
 *   unchecked; leaving it unchecked is no change, so it is left alone (no call for something nobody did).
 * - Nothing changed (same set as enabled now): no call at all.
 * - Otherwise every checked product is put, with the implementation type it already has on the zone (null for
 *   a new one), which also re-enables one the zone held disabled. With nothing checked there is no put (the
 *   contract needs at least one service).
 * - Products keep the order the options are shown in, deletes the order of the zone's services.
 */
import type { components } from '../../../../../openapi/portal';

type ZoneService = components['schemas']['ZoneService'];
type ServicePut = components['schemas']['ZoneServicesBulk']['services'][number];

export interface ProductChanges {
  /** Service ids to delete, in order. */
  toDelete: number[];
  /** The bulk put's services (empty: no put). */
  toPut: ServicePut[];
  changed: boolean;
}

export function enabledProductIds(services: readonly ZoneService[]): number[] {
  return services.filter((entry) => entry.enabled).map((entry) => entry.service.id);
}

export function productChanges(services: readonly ZoneService[], checked: readonly number[]): ProductChanges {
  const chosen = new Set(checked);
  const enabled = new Set(enabledProductIds(services));
  const toDelete = [...enabled].filter((id) => !chosen.has(id));
  const added = [...chosen].some((id) => !enabled.has(id));
  const changed = toDelete.length > 0 || added;
  if (!changed) return { toDelete: [], toPut: [], changed: false };
  const implementationOf = new Map(services.map((entry) => [entry.service.id, entry.implementationTypeId]));
  const toPut = [...chosen].map((serviceId) => ({ serviceId, implementationTypeId: implementationOf.get(serviceId) ?? null }));
  return { toDelete, toPut, changed };
}
