/**
 * The inclusive inventory program's edits (spec section 4 'Inclusive inventory'): the self identifiers chosen
 * for the zone domains of the page on screen, and which rows they change. Pure, so the rules are tested without
 * rendering.
 *
 * - A row counts as changed when its chosen set differs from the saved one (order does not matter), so choosing
 *   and then unchoosing an identifier leaves nothing to save.
 * - Chosen ids are kept in the order of the self identifier list, the order the server lists them in.
 */
import type { ZoneDomainSelfIdentifiersRecord } from '../../dataProvider/resources';

/** zoneDomainId -> chosen self identifier ids, for the rows the user touched. */
export type Selections = Readonly<Record<number, readonly number[]>>;

export interface SelfIdentifierChange {
  zoneDomainId: number;
  selfIdentifierIds: number[];
}

export const savedIds = (row: ZoneDomainSelfIdentifiersRecord): number[] => row.selfIdentifiers.map((identifier) => identifier.id);

export function chosenIds(row: ZoneDomainSelfIdentifiersRecord, selections: Selections): readonly number[] {
  return selections[row.zoneDomainId] ?? savedIds(row);
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
}

/** The rows whose chosen self identifiers differ from the saved ones, in the order of the page. */
export function changedRows(rows: readonly ZoneDomainSelfIdentifiersRecord[], selections: Selections): SelfIdentifierChange[] {
  return rows.flatMap((row) => {
    const chosen = selections[row.zoneDomainId];
    return chosen !== undefined && !sameSet(chosen, savedIds(row)) ? [{ zoneDomainId: row.zoneDomainId, selfIdentifierIds: [...chosen] }] : [];
  });
}

/** `ids` in the order of `options` (the self identifier list), unknown ones dropped. */
export function inOptionOrder(ids: readonly number[], options: readonly { id: number }[]): number[] {
  const chosen = new Set(ids);
  return options.filter((option) => chosen.has(option.id)).map((option) => option.id);
}
