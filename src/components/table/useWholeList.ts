/**
 * The ListContext of a small list the API answers whole (a zone's slots and blocked URLs, sessions, invitations,
 * API keys), for a ListTable: react-admin's useList over the query's rows, with the query's retry and fetching
 * state. Sorted by sortRows, not by useList, whose local sort compares with < and > (spec section 4 'Lists').
 */
import { useMemo, useState } from 'react';
import { useList, type RaRecord, type SortPayload } from 'react-admin';
import { useI18n } from '../../i18n/I18nContext';
import { sortRows } from '../../lib/listQuery';

/** What the list needs of the query that reads the rows (react-query's or react-admin's answer). */
export interface WholeAnswer<Row> {
  data?: readonly Row[];
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** `resource` names the list (its selection, its DataTable); `valueOf` should keep its identity between renders (useCallback) so the rows are sorted only when needed. */
export function useWholeList<Row extends RaRecord>(resource: string, answer: WholeAnswer<Row>, initial: SortPayload, valueOf: (row: Row, field: string) => string | number) {
  const { locale } = useI18n();
  const [sort, setSort] = useState(initial);
  const rows = useMemo(() => (answer.data ? sortRows(answer.data, sort, valueOf, locale) : undefined), [answer.data, sort, valueOf, locale]);
  const list = useList<Row>({ resource, data: rows, isPending: answer.isPending, isFetching: answer.isFetching, error: answer.error as Error | null });
  // useList keeps the rows of its first render: the latest answer, always.
  return { ...list, resource, data: answer.isPending ? undefined : (rows ?? []), total: rows?.length, sort, setSort, refetch: answer.refetch } as typeof list;
}
