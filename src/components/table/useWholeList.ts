/**
 * The ListContext of a small list the API answers whole (a zone's slots and blocked URLs, sessions, invitations, API
 * keys) for a ListTable: useList's selection and sort state over a useGetList answer, sorted by sortRows (useList's
 * sort compares with < and >, spec section 4 'Lists'). useList holds no rows: no select all or export here.
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
