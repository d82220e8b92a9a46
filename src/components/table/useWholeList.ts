/**
 * The ListContext of a small list the API answers whole (a zone's slots and blocked URLs, sessions, invitations, API
 * keys), for a ListTable: react-admin's useList (selection, sort state) over a useGetList answer, its rows sorted by
 * sortRows (useList's own sort compares with < and >, spec section 4 'Lists', and shows a new answer a render late).
 */
import { useMemo } from 'react';
import { useList, type RaRecord, type SortPayload, type UseGetListHookValue } from 'react-admin';
import { useI18n } from '../../i18n/I18nContext';
import { sortRows } from '../../lib/listQuery';

/** `resource` names the list (its selection, its DataTable); `valueOf` should keep its identity between renders (useCallback) so the rows are sorted only when needed. */
export function useWholeList<Row extends RaRecord>(resource: string, answer: UseGetListHookValue<Row>, initial: SortPayload, valueOf: (row: Row, field: string) => string | number) {
  const { locale } = useI18n();
  const list = useList<Row>({ resource, sort: initial, isPending: answer.isPending, isFetching: answer.isFetching, error: answer.error });
  const rows = useMemo(() => (answer.data ? sortRows(answer.data, list.sort, valueOf, locale) : undefined), [answer.data, list.sort, valueOf, locale]);
  return { ...list, resource, data: answer.isPending ? undefined : (rows ?? []), total: rows?.length, refetch: answer.refetch } as typeof list;
}
