/**
 * A paged list's table and its pagination, named by the list's texts: `${texts}.label` (the table's name),
 * `.empty`, `.loadFailed` and `.pages` (the pagination's name), e.g. texts="zones.list".
 */
import type { RaRecord } from 'react-admin';
import { useI18n } from '../../i18n/I18nContext';
import { PagedListPagination } from './ListPagination';
import { PagedTable, type PagedTableProps } from './PagedTable';

export interface PagedListTableProps<RecordType extends RaRecord> extends Omit<PagedTableProps<RecordType>, 'label' | 'empty' | 'failedKey'> {
  texts: string;
}

export function PagedListTable<RecordType extends RaRecord>({ texts, ...table }: PagedListTableProps<RecordType>) {
  const { translate } = useI18n();
  return (
    <>
      <PagedTable label={translate(`${texts}.label`)} empty={translate(`${texts}.empty`)} failedKey={`${texts}.loadFailed`} {...table} />
      <PagedListPagination label={translate(`${texts}.pages`)} />
    </>
  );
}
