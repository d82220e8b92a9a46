/**
 * What every resource file of the data provider shares: the contract's app header, the selected publisher, the
 * parent a child resource names (a zone's services, blocked URLs, slots), and the two shapes of a list answer.
 */
import type { DeleteParams, DeleteResult, GetListResult, Identifier, RaRecord } from 'ra-core';
import { APP_HEADER } from '../client';
import { toIds } from '../query';
import type { SessionStore } from '../session';

export const header = APP_HEADER;

export type Session = Pick<SessionStore, 'get'>;

export function selectedPublisherId(session: Session): number {
  const { publisher } = session.get();
  if (publisher === null) throw new Error('No publisher is selected');
  return publisher.id;
}

export function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

const asRecord = (source: unknown) => (typeof source === 'object' && source !== null ? source : {}) as Record<string, unknown>;

/** react-admin's id (string or number) as the contract's integer id. */
export function toId(id: Identifier): number {
  return toIds([id])[0] as number;
}

/** An id filter as the address keeps it: none when absent or emptied, otherwise the contract's integer id. */
export function filterId(value: unknown): number | undefined {
  return value === undefined || value === '' ? undefined : toId(value as Identifier);
}

/** A delete's answer: the record as it was (react-admin's previousData), or its id alone. */
export function deletedRecord<T extends RaRecord>(params: DeleteParams<T>): DeleteResult<T> {
  return { data: params.previousData ?? ({ id: toId(params.id) } as T) };
}

/** The zone a child resource belongs to: `filter.zoneId` when reading, `meta.zoneId` when writing. */
export function zoneIdOf(source: unknown, resource: string): number {
  const zoneId = asRecord(source).zoneId;
  if (zoneId === undefined) throw new Error(`${resource} need a zoneId`);
  return toId(zoneId as Identifier);
}

/** A list the contract answers whole (no paging): every record, total = its length. */
export function wholeList<T extends { id: Identifier }>(records: T[]): GetListResult<T> {
  return { data: records, total: records.length };
}

/** A page of the contract (content, totalElements) as react-admin's list, each row given its `id`. */
export function pagedList<Row, T extends { id: Identifier }>(
  page: { content: Row[]; totalElements: number },
  toRecord: (row: Row) => T,
): GetListResult<T> {
  return { data: page.content.map(toRecord), total: page.totalElements };
}
