/**
 * The new-zone form's values, its checks and its request (spec sections 4 'New zone submission', 5 'New zone').
 * The rules themselves are src/lib/domains.ts and src/lib/products.ts; this file only puts them together for
 * the form, and reads the server's answer back onto the form. No React.
 */
import { splitEntries, validateZoneEntries, zoneFormErrors, type ZoneTypeName } from '../../lib/domains';
import { MAX_ZONE_ENTRIES } from '../../lib/limits';
import { ZONE_TYPE, isProductAllowed } from '../../lib/products';
import type { ZoneCreateData } from '../../dataProvider/resources';

export interface ZoneFormValues {
  name: string;
  zoneType: ZoneTypeName;
  /** Domains or app-store URLs, one per line, as typed. */
  entries: string;
  services: number[];
}

export const EMPTY_ZONE_FORM: ZoneFormValues = { name: '', zoneType: 'website', entries: '', services: [] };

/**
 * zoneFormErrors plus what the server would refuse: more than MAX_ZONE_ENTRIES entries, and entries the server
 * already refused (`rejected`, as typed) while they are still in the field.
 */
export interface ZoneCreateErrors {
  /** Message keys with their values. */
  name?: string;
  domains?: { key: string; values?: Record<string, unknown> };
}

export function zoneCreateErrors(values: ZoneFormValues, rejected: readonly string[] = []): ZoneCreateErrors {
  const errors = zoneFormErrors(values);
  if (errors.domains) return errors;
  const typed = splitEntries(values.entries);
  const stillThere = rejected.filter((entry) => typed.includes(entry));
  if (stillThere.length > 0) {
    const key = values.zoneType === 'app' ? 'zones.invalidStoreUrls' : 'zones.invalidDomains';
    return { ...errors, domains: { key, values: { entries: stillThere.join(', ') } } };
  }
  if (validateZoneEntries(values.entries, values.zoneType).values.length > MAX_ZONE_ENTRIES) {
    return { ...errors, domains: { key: 'zones.form.tooManyEntries', values: { max: MAX_ZONE_ENTRIES } } };
  }
  return errors;
}

/** The create call's data: the trimmed name, the normalised entries, the type id and the services the type allows. */
export function toZoneCreateData(values: ZoneFormValues): ZoneCreateData {
  const typeId = ZONE_TYPE[values.zoneType];
  return {
    name: values.name.trim(),
    domains: validateZoneEntries(values.entries, values.zoneType).values,
    typeId,
    services: values.services.filter((id) => isProductAllowed(id, typeId)),
  };
}

/**
 * The entries, as the user typed them, that a 400 answer names (details with field /body/domains/<i>, i being
 * the index in the domains sent). A web entry was sent normalised, so it is found again through the same rule.
 */
export function rejectedEntries(error: unknown, sent: readonly string[], values: ZoneFormValues): string[] {
  const body = typeof error === 'object' && error !== null && 'body' in error ? (error as { body: unknown }).body : null;
  const details = typeof body === 'object' && body !== null && 'details' in body ? (body as { details: unknown }).details : null;
  if (!Array.isArray(details)) return [];
  const rejectedSent = new Set<string>();
  for (const detail of details) {
    const field = typeof detail === 'object' && detail !== null && 'field' in detail ? String(detail.field) : '';
    const match = /^\/body\/domains\/(\d+)$/.exec(field);
    const value = match ? sent[Number(match[1])] : undefined;
    if (value !== undefined) rejectedSent.add(value);
  }
  if (rejectedSent.size === 0) return [];
  return splitEntries(values.entries).filter((entry) => {
    const { values: normalised } = validateZoneEntries(entry, values.zoneType);
    return normalised.some((value) => rejectedSent.has(value));
  });
}
