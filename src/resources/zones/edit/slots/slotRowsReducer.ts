/**
 * The rows of the slot request form (spec section 2 'Slots', section 5 'Slots'): add one or N rows with the
 * default values (src/lib/slots.ts newSlotRow: size 4, implementation type 2, no placement), remove a row
 * (never the last one), change a field. Pure, so the rules are tested without rendering.
 *
 * Each row carries a stable key for React and for the form's labels; keys are never reused, so removing a row
 * never moves another row's typed text into it.
 *
 * Choices where the spec is open:
 * - At most MAX_SLOT_ROWS rows (the contract's SlotRequestBulk.slots maxItems); adding more adds what fits.
 * - A new row takes the defaults, except that a default size the zone may not use (a hidden flex size) is
 *   replaced by the first size it may use; the caller passes that fallback.
 */
import { MAX_SLOT_ROWS } from '../../../../lib/limits';
import { canRemoveSlotRow, newSlotRow, type SlotRequestRow } from '../../../../lib/slots';

export interface SlotRowDraft extends SlotRequestRow {
  key: number;
}

export interface SlotRowsState {
  rows: SlotRowDraft[];
  nextKey: number;
}

export type SlotRowsAction =
  | { type: 'add'; count: number; sizeId?: number }
  | { type: 'remove'; key: number }
  | { type: 'change'; key: number; changes: Partial<SlotRequestRow> };

export function initialSlotRows(sizeId?: number): SlotRowsState {
  return { rows: [draft(0, sizeId)], nextKey: 1 };
}

function draft(key: number, sizeId?: number): SlotRowDraft {
  const row = newSlotRow();
  return { ...row, sizeId: sizeId ?? row.sizeId, key };
}

/** How many rows an 'add' of `count` really adds (0 when full or count is not a positive integer). */
export function addableRows(current: number, count: number): number {
  if (!Number.isInteger(count) || count < 1) return 0;
  return Math.max(0, Math.min(count, MAX_SLOT_ROWS - current));
}

export function slotRowsReducer(state: SlotRowsState, action: SlotRowsAction): SlotRowsState {
  switch (action.type) {
    case 'add': {
      const count = addableRows(state.rows.length, action.count);
      if (count === 0) return state;
      const added = Array.from({ length: count }, (_, index) => draft(state.nextKey + index, action.sizeId));
      return { rows: [...state.rows, ...added], nextKey: state.nextKey + count };
    }
    case 'remove':
      if (!canRemoveSlotRow(state.rows.length)) return state;
      return { ...state, rows: state.rows.filter((row) => row.key !== action.key) };
    case 'change':
      return {
        ...state,
        rows: state.rows.map((row) => (row.key === action.key ? { ...row, ...action.changes, key: row.key } : row)),
      };
  }
}

/** The rows as the data provider's requestSlots takes them. */
export function toRequestRows(rows: readonly SlotRowDraft[]): SlotRequestRow[] {
  return rows.map(({ name, sizeId, implementationTypeId, placementId }) => ({ name, sizeId, implementationTypeId, placementId }));
}
