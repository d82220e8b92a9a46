// Writes planned zones with everything hanging off them (domains and their self identifiers, services, slots,
// blocked URLs). Every value goes through the same rules the console and the API apply (src/lib), so a seeded
// zone is one the product could have created: a rule broken here is a seed bug and throws.
import type { Queryable } from '../db';
import { isValidStoreUrl, normalizeWebDomain } from '../../../../src/lib/domains';
import { validateBlockedUrl, EVAL_TYPE, type UrlType } from '../../../../src/lib/blockedUrls';
import { isProductAllowed } from '../../../../src/lib/products';
import { flexViolation, nameSlotRows } from '../../../../src/lib/slots';
import { insertRows, syncSequence } from './insert';
import { DEFAULT_IMPLEMENTATION_TYPE_ID, PLATFORM_TYPE_IDS, PRODUCT_IDS, slotSizes } from './data/reference';

export interface DomainSpec {
  /** As a person would type it ('www.example.com', 'https://example.com/') or a store URL; stored normalised. */
  entry: string;
  selfIdentifiers?: readonly number[];
}

export interface SlotSpec {
  sizeId: number;
  implementationTypeId: number;
  placementId?: number | null;
  enabled?: boolean;
  /** Still awaiting the operator's approval (Slot.status REQUESTED). */
  requested?: boolean;
}

export interface BlockedUrlSpec {
  url: string;
  urlType: UrlType;
}

export interface ZoneSpec {
  id: number;
  publisherId: number;
  userId: number;
  name: string;
  type: 'web' | 'app';
  domains: readonly DomainSpec[];
  /** Product ids; in-slot exactly when the zone has slots (the planners keep to that). */
  services: readonly number[];
  slots: readonly SlotSpec[];
  blockedUrls?: readonly BlockedUrlSpec[];
  enabled?: boolean;
  verticalId?: number | null;
  zoneGradeId?: number | null;
  msaStartDate?: string | null;
  createdAt: string;
}

/** Zone domain ids follow from the zone: zoneId·10 + position (a zone has at most 10 domains). */
export const zoneDomainId = (zoneId: number, position: number): number => zoneId * 10 + position;
const MAX_DOMAINS_PER_ZONE = 10;

function storedDomains(zone: ZoneSpec): string[] {
  const stored = zone.domains.map(({ entry }) => {
    if (zone.type === 'app') {
      if (!isValidStoreUrl(entry)) throw new Error(`seed zone ${zone.id}: invalid store URL ${entry}`);
      return entry.trim();
    }
    const normalized = normalizeWebDomain(entry);
    if (!normalized.ok) throw new Error(`seed zone ${zone.id}: invalid domain ${entry}`);
    return normalized.value;
  });
  if (new Set(stored).size !== stored.length) throw new Error(`seed zone ${zone.id}: two entries normalise alike`);
  if (stored.length === 0 || stored.length > MAX_DOMAINS_PER_ZONE) throw new Error(`seed zone ${zone.id}: ${stored.length} domains`);
  return stored;
}

function checkZone(zone: ZoneSpec): void {
  const typeId = zone.type === 'app' ? PLATFORM_TYPE_IDS.app : PLATFORM_TYPE_IDS.website;
  const refused = zone.services.filter((id) => !isProductAllowed(id, typeId));
  if (refused.length > 0) throw new Error(`seed zone ${zone.id}: services ${refused.join(', ')} not allowed`);
  if (zone.services.includes(PRODUCT_IDS.inSlot) !== zone.slots.length > 0) {
    throw new Error(`seed zone ${zone.id}: in-slot must be enabled exactly when the zone has slots`);
  }
  if (flexViolation(zone.slots, slotSizes, false)) throw new Error(`seed zone ${zone.id}: more than one flex slot`);
  if (zone.type === 'app' && zone.blockedUrls?.length) throw new Error(`seed zone ${zone.id}: URL blocks on an app zone`);
}

export async function insertZones(db: Queryable, zones: readonly ZoneSpec[]): Promise<void> {
  const zoneRows: unknown[][] = [];
  const domainRows: unknown[][] = [];
  const identifierRows: unknown[][] = [];
  const serviceRows: unknown[][] = [];
  const slotRows: unknown[][] = [];
  const urlRows: unknown[][] = [];
  for (const zone of zones) {
    checkZone(zone);
    const typeId = zone.type === 'app' ? PLATFORM_TYPE_IDS.app : PLATFORM_TYPE_IDS.website;
    zoneRows.push([zone.id, zone.publisherId, zone.userId, zone.name, zone.enabled ?? true, typeId, zone.verticalId ?? null,
      zone.zoneGradeId ?? null, zone.msaStartDate ?? null, zone.slots.length, zone.createdAt]);
    storedDomains(zone).forEach((domain, position) => {
      const id = zoneDomainId(zone.id, position);
      domainRows.push([id, zone.id, domain, zone.type]);
      for (const identifier of zone.domains[position]?.selfIdentifiers ?? []) identifierRows.push([id, identifier]);
    });
    for (const serviceId of zone.services) {
      serviceRows.push([zone.id, serviceId, true, serviceId === PRODUCT_IDS.inSlot ? DEFAULT_IMPLEMENTATION_TYPE_ID : null]);
    }
    // Unnamed rows named by the console's rule, so seeded names look like requested ones ('300x250', '300x250-1').
    nameSlotRows(zone.slots.map((slot) => ({ ...slot, name: '' })), [], slotSizes).forEach((slot) => {
      slotRows.push([zone.id, slot.name, slot.sizeId, slot.implementationTypeId, slot.placementId ?? null, slot.enabled ?? true, zone.createdAt,
        slot.requested ? null : zone.createdAt]);
    });
    for (const blocked of zone.blockedUrls ?? []) {
      const valid = validateBlockedUrl(blocked.url);
      if (!valid.ok) throw new Error(`seed zone ${zone.id}: blocked URL ${blocked.url} is ${valid.reason}`);
      urlRows.push([zone.id, valid.value, blocked.urlType, EVAL_TYPE, zone.createdAt]);
    }
  }
  await insertRows(db, 'zones', ['tracking_id', 'publisher_id', 'user_id', 'name', 'enabled', 'type_id', 'vertical_id',
    'zone_grade_id', 'msa_start_date', 'number_of_slots', 'created_at'], zoneRows);
  await insertRows(db, 'zone_domains', ['id', 'zone_id', 'domain', 'kind'], domainRows);
  await insertRows(db, 'zone_domain_self_identifiers', ['zone_domain_id', 'self_identifier_id'], identifierRows);
  await insertRows(db, 'zone_services', ['zone_id', 'service_id', 'enabled', 'implementation_type_id'], serviceRows);
  await insertRows(db, 'slots', ['zone_id', 'name', 'slot_size_id', 'implementation_type_id', 'placement_id', 'enabled', 'created_at', 'approved_at'], slotRows);
  await insertRows(db, 'asset_url_filter_patterns', ['zone_id', 'pattern', 'url_type', 'eval_type', 'created_at'], urlRows);
  await syncSequence(db, 'zones', 'tracking_id');
  await syncSequence(db, 'zone_domains');
}
