/**
 * Slot sizes, slot names and the slot-request rows (spec section 3 'Slot', section 5 'Slots', section 9).
 *
 * Message keys returned:
 * - slots.flexSize     label of the flex size ('Flex size')
 * - slots.onlyOneFlex  tooltip on the disabled submit ('Only 1 flex slot per zone is allowed.')
 *
 * Choices where the spec is open:
 * - The flex size is the one with `flex: true` (the contract's SlotSize.flex). Only when the flag is absent does
 *   the name decide: a name starting with the word 'Flex' (any case).
 * - sizeBaseName removes all white space from the size name ('300 x 250' -> '300x250', 'Flex' -> 'Flex'); a size
 *   with an empty name falls back to `${width}x${height}`.
 * - Suffixes: a name is '<base>' (suffix 0) or '<base>-<digits>' (suffix = the number). Matching is exact and
 *   case-sensitive after trimming, so 'x300x250' or '300x250-a' do not count for base '300x250'.
 * - Naming rule: rows are named in order. An unnamed row (empty or white space) takes its size's base name when
 *   no name with that base exists yet among the zone's existing names, every name typed in this request (even
 *   further down) and the names generated for earlier rows; otherwise it takes '<base>-<highest suffix + 1>'. So with no existing names two
 *   300x250 rows become '300x250', '300x250-1'; with existing 'x300x250', '300x250-2' they become '300x250-3',
 *   '300x250-4'. Names never fill gaps, so a generated name is always unique. Typed names are trimmed and kept.
 *   A row whose size id is unknown keeps its (trimmed) name, which stays empty so the form's required check
 *   catches it.
 */

export const FLEX_SIZE_LABEL_KEY = 'slots.flexSize';
export const FLEX_VIOLATION_KEY = 'slots.onlyOneFlex';
export const MAX_FLEX_SLOTS_PER_ZONE = 1;
/** The request form keeps at least this many rows (remove is disabled at one row). */
export const MIN_SLOT_ROWS = 1;

export interface SlotSize {
  id?: number;
  name: string;
  width: number;
  height: number;
  flex?: boolean;
}

export interface SlotRequestRow {
  name: string;
  sizeId: number;
  implementationTypeId: number;
  placementId: string;
}

/** Default new-zone row values (spec section 3). Frozen: use newSlotRow() for an editable copy. */
export const DEFAULT_SLOT_ROW: Readonly<SlotRequestRow> = Object.freeze({
  name: '',
  sizeId: 4,
  implementationTypeId: 2,
  placementId: '',
});

export function newSlotRow(): SlotRequestRow {
  return { ...DEFAULT_SLOT_ROW };
}

export function canRemoveSlotRow(rowCount: number): boolean {
  return rowCount > MIN_SLOT_ROWS;
}

export function isFlexSize(size: SlotSize): boolean {
  if (typeof size.flex === 'boolean') return size.flex;
  return /^flex\b/i.test(size.name.trim());
}

export function slotSizeLabel(size: SlotSize): { key: typeof FLEX_SIZE_LABEL_KEY } | { text: string } {
  return isFlexSize(size) ? { key: FLEX_SIZE_LABEL_KEY } : { text: `${size.width}*${size.height}` };
}

export function sizeBaseName(size: SlotSize): string {
  const compact = size.name.replace(/\s+/g, '');
  return compact === '' ? `${size.width}x${size.height}` : compact;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Highest numeric suffix among names with this base: 0 for the bare base, -1 when no name has the base. */
export function highestSuffix(names: readonly string[], base: string): number {
  const pattern = new RegExp(`^${escapeRegExp(base)}(?:-(\\d+))?$`);
  let highest = -1;
  for (const name of names) {
    const match = pattern.exec(name.trim());
    if (match === null) continue;
    const suffix = match[1] === undefined ? 0 : Number.parseInt(match[1], 10);
    highest = Math.max(highest, suffix);
  }
  return highest;
}

type SizeWithId = SlotSize & { id: number };

function sizeById<S extends SizeWithId>(sizes: readonly S[], sizeId: number): S | undefined {
  return sizes.find((size) => size.id === sizeId);
}

/** Names the unnamed rows following the rule in the header; other fields are copied unchanged. */
export function nameSlotRows<R extends { name: string; sizeId: number }>(
  rows: readonly R[],
  existingNames: readonly string[],
  sizes: readonly SizeWithId[],
): R[] {
  const taken = existingNames.map((name) => name.trim());
  // Typed names are reserved first so a generated name cannot collide with one typed further down.
  taken.push(...rows.map((row) => row.name.trim()).filter((name) => name !== ''));
  return rows.map((row) => {
    const typed = row.name.trim();
    const size = sizeById(sizes, row.sizeId);
    if (typed !== '' || size === undefined) return { ...row, name: typed };
    const base = sizeBaseName(size);
    const highest = highestSuffix(taken, base);
    const name = highest < 0 ? base : `${base}-${highest + 1}`;
    taken.push(name);
    return { ...row, name };
  });
}

/** Size options for a new slot: the flex size is hidden when the zone already has a flex slot. */
export function availableSlotSizes<S extends SlotSize>(sizes: readonly S[], zoneHasFlex: boolean): S[] {
  return zoneHasFlex ? sizes.filter((size) => !isFlexSize(size)) : [...sizes];
}

/** True when the request would leave the zone with more than one flex slot (existing one included). */
export function flexViolation(
  rows: readonly { sizeId: number }[],
  sizes: readonly SizeWithId[],
  zoneHasFlex: boolean,
): boolean {
  const flexRows = rows.filter((row) => {
    const size = sizeById(sizes, row.sizeId);
    return size !== undefined && isFlexSize(size);
  }).length;
  return flexRows + (zoneHasFlex ? 1 : 0) > MAX_FLEX_SLOTS_PER_ZONE;
}
