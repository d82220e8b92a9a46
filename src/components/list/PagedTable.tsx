/**
 * The one table of the server-paged lists, on react-admin's ListContext (usePagedList): a labelled table with
 * sortable headers, the rows of the page, and the spec's states as rows of the same table (spec sections 4
 * 'Lists' and 9): skeleton rows while a page loads, the previous page dimmed while the next one does, 'No … found'
 * 500 ms after an empty answer, and the failed first load with a retry. A progress bar above it while a page is on
 * its way, and its own horizontal scroll below the table's minimum width (a phone).
 *
 * Hand-built rather than react-admin's <DataTable>: DataTable replaces the whole table with its loading skeleton
 * or its empty component, so the columns jump and the states are not rows of the table; it has no failed-load
 * state (an error shows as empty) and no delayed empty state. The spec asks for all four. What it reads and
 * writes is react-admin's list context, so react-admin's list parts (bulk actions, select all) work beside it.
 */
import type { Key, ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import { useListContext, type RaRecord } from 'react-admin';
import { useI18n } from '../../i18n/I18nContext';
import { nextSort, type SortOrder } from '../../lib/listQuery';
import { SortableHeaderCell } from '../table/SortableHeaderCell';
import { pagedListPlaceholder, pagedListRows } from '../table/TableStateRows';
import type { PagedList } from './usePagedList';

export interface PagedColumn<RecordType> {
  /** Column header. */
  label: ReactNode;
  /** Key of the column when the label is no string. */
  id?: string;
  /** The contract's sort field: the header sorts by it. */
  sortField?: string;
  align?: 'left' | 'right';
  /** The column's width in a fixed layout (`fixedLayout`). */
  width?: string;
  headerSx?: SxProps<Theme>;
  cellSx?: SxProps<Theme>;
  render: (record: RecordType) => ReactNode;
}

export interface PagedTableProps<RecordType extends RaRecord> {
  /** The table's accessible name. */
  label: string;
  columns: readonly PagedColumn<RecordType>[];
  /** 'No … found'. */
  empty: ReactNode;
  /** The failed first load's own text (else the general load error). */
  failedKey?: string;
  /**
   * Fixed column widths (the columns' `width`s), so an empty, loading or failed table keeps the widths of a full
   * one; narrower than `minWidth` the table scrolls in its own box.
   */
  fixedLayout?: { minWidth: number };
  /** Something else is on its way (a save): busy and dimmed like a loading page. */
  pending?: boolean;
  /** A record's rows, when a list shows more than its cells (an expanded row below it). */
  renderRecord?: (record: RecordType, cells: ReactNode) => ReactNode;
  rowKey?: (record: RecordType) => Key;
  rowHover?: boolean;
}

/** The list context of a usePagedList list. */
export function usePagedListContext<RecordType extends RaRecord = RaRecord>(): PagedList<RecordType> {
  return useListContext<RecordType>() as PagedList<RecordType>;
}

export function PagedTable<RecordType extends RaRecord>({
  label,
  columns,
  empty,
  failedKey,
  fixedLayout,
  pending = false,
  renderRecord,
  rowKey = (record) => record.id,
  rowHover = true,
}: PagedTableProps<RecordType>) {
  const { translate } = useI18n();
  const list = usePagedListContext<RecordType>();
  const { rows, busy } = pagedListRows({ ...list, data: list.data, isPlaceholderData: list.isPlaceholderData ?? false, isFetching: list.isFetching ?? false });
  const placeholder = pagedListPlaceholder(
    { ...list, isFetching: list.isFetching ?? false },
    { colSpan: columns.length, failedKey, empty, pageKey: list.pageKey },
  );
  const sort = { field: list.sort.field, order: list.sort.order as SortOrder };
  const onSort = (field: string) => list.setSort(nextSort(sort, field));
  const stale = (list.isPlaceholderData ?? false) || pending;

  const cells = (record: RecordType) =>
    columns.map((column, index) => (
      <TableCell key={column.id ?? index} align={column.align} sx={column.cellSx}>
        {column.render(record)}
      </TableCell>
    ));

  return (
    <>
      <Box sx={{ height: 4 }}>{(list.isFetching || pending) && <LinearProgress aria-label={translate('common.loading')} />}</Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          aria-label={label}
          aria-busy={busy || pending}
          sx={fixedLayout ? { tableLayout: 'fixed', minWidth: fixedLayout.minWidth } : undefined}
        >
          {fixedLayout && (
            <colgroup>
              {columns.map((column, index) => (
                <col key={column.id ?? index} style={column.width ? { width: column.width } : undefined} />
              ))}
            </colgroup>
          )}
          <TableHead>
            <TableRow>
              {columns.map((column, index) =>
                column.sortField === undefined ? (
                  <TableCell key={column.id ?? index} align={column.align} sx={[{ fontWeight: 600 }, ...(Array.isArray(column.headerSx) ? column.headerSx : [column.headerSx])]}>
                    {column.label}
                  </TableCell>
                ) : (
                  <SortableHeaderCell key={column.id ?? index} field={column.sortField} sort={sort} onSort={onSort} align={column.align}>
                    {column.label}
                  </SortableHeaderCell>
                ),
              )}
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
            {rows && rows.length > 0
              ? rows.map((record) =>
                  renderRecord ? (
                    renderRecord(record, cells(record))
                  ) : (
                    <TableRow key={rowKey(record)} hover={rowHover}>
                      {cells(record)}
                    </TableRow>
                  ),
                )
              : placeholder}
          </TableBody>
        </Table>
      </Box>
    </>
  );
}
