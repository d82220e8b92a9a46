/**
 * react-admin list parameters (pagination, sort, filter) to the contract's query parameters, and the zone update
 * body. Pure; each helper has its own test.
 *
 * Choices where the spec is open:
 * - Page size is clamped to the contract's 1..100 (react-admin asks for 1000 rows in some reference inputs).
 * - An unknown sort field falls back to the resource's default field, keeping the requested order.
 * - Zone search: the term is trimmed and cut to the contract's 100 characters; an all-digit term that is a valid
 *   id also searches trackingIds (a zone matches by name OR id).
 */
import type { Identifier, PaginationPayload, SortPayload } from 'ra-core';
import { MAX_ID, MAX_PAGE_SIZE, MAX_SEARCH_TERM_LENGTH } from '../lib/limits';
import { toApiPage } from '../lib/listQuery';
import type { components } from '../../openapi/portal';

export type Direction = components['schemas']['Direction'];
type ZoneUpdate = components['schemas']['ZoneUpdate'];

export function toPageQuery(
  pagination: PaginationPayload | undefined,
  defaultPerPage: number,
): { page: number; size: number } {
  const perPage = pagination?.perPage ?? defaultPerPage;
  const size = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(Number.isFinite(perPage) ? perPage : defaultPerPage)));
  return { page: toApiPage(pagination?.page ?? 1), size };
}

/** react-admin's order to the contract's direction; anything but 'ASC'/'DESC' (any case) gives the fallback. */
export function toDirection(order: string | undefined, fallback: Direction): Direction {
  const upper = order?.toUpperCase();
  return upper === 'ASC' || upper === 'DESC' ? upper : fallback;
}

export function toSortQuery<Field extends string>(
  sort: SortPayload | undefined,
  fields: Readonly<Record<string, Field>>,
  defaults: { sortBy: Field; direction: Direction },
): { sortBy: Field; direction: Direction } {
  const mapped = sort !== undefined && Object.hasOwn(fields, sort.field) ? fields[sort.field] : undefined;
  return { sortBy: mapped ?? defaults.sortBy, direction: toDirection(sort?.order, defaults.direction) };
}

/** The list search box (`q`) as a trimmed term, or undefined when empty. */
export function searchTerm(filter: unknown): string | undefined {
  if (typeof filter !== 'object' || filter === null || !('q' in filter)) return undefined;
  const q = filter.q;
  if (typeof q !== 'string' && typeof q !== 'number') return undefined;
  const term = String(q).trim();
  return term === '' ? undefined : term;
}

export function toZoneSearchFilter(filter: unknown): { names?: string[]; trackingIds?: number[] } {
  const term = searchTerm(filter);
  if (term === undefined) return {};
  const id = /^\d+$/.test(term) ? Number(term) : Number.NaN;
  const isId = Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID;
  return isId ? { names: [term.slice(0, MAX_SEARCH_TERM_LENGTH)], trackingIds: [id] } : { names: [term.slice(0, MAX_SEARCH_TERM_LENGTH)] };
}

/** A zone record as the zone screens hold it: the API zone, maybe with the id fields of ZoneUpdate. */
interface ZoneLike {
  enabled?: boolean;
  name?: string;
  typeId?: ZoneUpdate['typeId'];
  vertical?: { id: number } | null;
  verticalId?: number | null;
  zoneGrade?: { id: number } | null;
  zoneGradeId?: number | null;
  msaStartDate?: string | null;
}

/** The referenced id a record states (null = cleared), or undefined when it says nothing about it. */
function refId(record: ZoneLike, idKey: 'verticalId' | 'zoneGradeId', objectKey: 'vertical' | 'zoneGrade') {
  if (idKey in record) return record[idKey] ?? null;
  if (objectKey in record) return record[objectKey]?.id ?? null;
  return undefined;
}

function editedRefId(data: ZoneLike, previous: ZoneLike, idKey: 'verticalId' | 'zoneGradeId', objectKey: 'vertical' | 'zoneGrade') {
  const edited = refId(data, idKey, objectKey);
  return edited !== undefined ? edited : (refId(previous, idKey, objectKey) ?? null);
}

/**
 * The PUT body for a zone: the edited fields over the previous record, so a form that edits only the name still
 * sends the whole settings. verticalId/zoneGradeId win over the nested vertical/zoneGrade objects.
 */
export function toZoneUpdate(data: ZoneLike, previous: ZoneLike): ZoneUpdate {
  const pick = <K extends keyof ZoneLike>(key: K): ZoneLike[K] => (key in data ? data[key] : previous[key]);
  const enabled = pick('enabled');
  const name = pick('name');
  const typeId = pick('typeId');
  if (enabled === undefined || name === undefined || typeId === undefined) {
    throw new Error('A zone update needs enabled, name and typeId (from the data or the previous record)');
  }
  return {
    enabled,
    name,
    typeId,
    verticalId: editedRefId(data, previous, 'verticalId', 'vertical'),
    zoneGradeId: editedRefId(data, previous, 'zoneGradeId', 'zoneGrade'),
    msaStartDate: pick('msaStartDate') ?? null,
  };
}

/** Identifiers from react-admin (string or number) as the contract's integer ids. */
export function toIds(ids: readonly Identifier[]): number[] {
  return ids.map((id) => {
    const value = typeof id === 'number' ? id : Number(id);
    if (!Number.isSafeInteger(value) || value < 1) throw new Error(`Not an id: ${String(id)}`);
    return value;
  });
}
