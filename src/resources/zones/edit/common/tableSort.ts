/**
 * Client-side sorting of the zone screen's small tables (slots, blocked URLs: the API answers them whole).
 * Spec section 4 'Lists': clicking the sorted column toggles ASC/DESC, a different column starts at ASC.
 * Numbers compare as numbers, text with the user's language (case-insensitive, digits by value, so
 * '300x250-2' comes before '300x250-10'); ties keep the API's order.
 */
import type { SortState } from '../../../../lib/listQuery';

// The column-click rule is the lists' own (src/lib/listQuery.ts); only the row sorting is local.
export { nextSort, type SortOrder, type SortState } from '../../../../lib/listQuery';

export function sortRows<Row, Field extends string>(
  rows: readonly Row[],
  sort: SortState<Field>,
  valueOf: (row: Row, field: Field) => string | number,
  locale: string,
): Row[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sign = sort.order === 'ASC' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: valueOf(row, sort.field) }))
    .sort((a, b) => {
      const compared =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : collator.compare(String(a.value), String(b.value));
      return compared !== 0 ? sign * compared : a.index - b.index;
    })
    .map((entry) => entry.row);
}
