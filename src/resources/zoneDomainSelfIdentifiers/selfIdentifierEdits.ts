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

/**
 * The edit form's values: `chosen.d<zoneDomainId>`, set once a row's multi-select is touched (a letter first, so
 * react-hook-form does not read the id as an array index).
 */
export interface ChoiceValues {
  chosen: Readonly<Record<string, readonly number[] | undefined>>;
}

export const choiceSource = (zoneDomainId: number) => `chosen.d${zoneDomainId}`;

export function selectionsOf(values: Partial<ChoiceValues>): Selections {
  const selections: Record<number, readonly number[]> = {};
  for (const [key, ids] of Object.entries(values.chosen ?? {})) {
    if (ids && /^d\d+$/.test(key)) selections[Number(key.slice(1))] = ids;
  }
  return selections;
}

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
