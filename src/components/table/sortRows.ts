/**
 * Client-side sorting of small tables the API answers whole (a zone's slots and blocked URLs). Spec section 4
 * 'Lists': clicking the sorted column toggles ASC/DESC, a different column starts at ASC (the lists' own rule,
 * nextSort in src/lib/listQuery.ts). Numbers compare as numbers, text with the user's language
 * (case-insensitive, digits by value, so '300x250-2' comes before '300x250-10'); ties keep the API's order.
 */
import { useMemo, useState } from 'react';
import { useI18n } from '../../i18n/I18nContext';
import { nextSort, type SortState } from '../../lib/listQuery';

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

/**
 * The rows in the order the user chose by clicking headers. `valueOf` should keep its identity between
 * renders (useCallback) so the rows are sorted again only when something changed.
 */
export function useSortedRows<Row, Field extends string>(
  rows: readonly Row[] | undefined,
  initial: SortState<Field>,
  valueOf: (row: Row, field: Field) => string | number,
) {
  const { locale } = useI18n();
  const [sort, setSort] = useState(initial);
  const sorted = useMemo(() => sortRows(rows ?? [], sort, valueOf, locale), [rows, sort, valueOf, locale]);
  return { rows: sorted, sort, onSort: (field: Field) => setSort(nextSort(sort, field)) };
}
