/**
 * The one table of the server-paged lists, on react-admin's ListContext (usePagedList): a labelled table with
 * sortable headers, the rows of the page, and the spec's states as rows of the same table (spec sections 4
 * 'Lists' and 9): skeleton rows while a page loads, the previous page dimmed while the next one does, 'No … found'
 * 500 ms after an empty answer, and the failed first load with a retry. A progress bar above it while a page is on
 * its way, and its own horizontal scroll below the table's minimum width (a phone).
 *
 * Narrow screens (`stackBelow`, issue 21): below that width each row becomes a card of stacked cells, each under its
 * column's name (table/stackedTable.ts), so nothing, a row's action least of all, ends up behind a sideways scroll.
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
import { stackedTableSx, tableRoles } from '../table/stackedTable';
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
  /** Stacked (`stackBelow`): whether the cell shows its column's name above it; default true. */
  stackedLabel?: boolean;
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
  /**
   * A record's rows, when a list shows more than its cells (an expanded row below it); `roles` go on its rows and
   * their own cells (the stacked look's explicit roles, empty otherwise).
   */
  renderRecord?: (record: RecordType, cells: ReactNode, roles: { row: object; cell: object }) => ReactNode;
  rowKey?: (record: RecordType) => Key;
  rowHover?: boolean;
  /** Below this breakpoint the rows are stacked cards instead of a table's lines. */
  stackBelow?: 'sm' | 'md';
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
  stackBelow,
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

  const stacked = stackBelow !== undefined;
  // Explicit roles keep the table a table for assistive technology when the stacked look changes its display.
  const role = (name: keyof typeof tableRoles) => (stacked ? tableRoles[name] : {});
  const cells = (record: RecordType) =>
    columns.map((column, index) => (
      <TableCell key={column.id ?? index} align={column.align} sx={column.cellSx} {...role('cell')}>
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
          {...role('table')}
          sx={[
            fixedLayout ? { tableLayout: 'fixed', minWidth: fixedLayout.minWidth } : {},
            stackBelow
              ? stackedTableSx(stackBelow, {
                  sortable: columns.some((column) => column.sortField !== undefined),
                  labels: columns.map((column) => (column.stackedLabel !== false && typeof column.label === 'string' ? column.label : null)),
                })
              : {},
          ]}
        >
          {fixedLayout && (
            <colgroup>
              {columns.map((column, index) => (
                <col key={column.id ?? index} style={column.width ? { width: column.width } : undefined} />
              ))}
            </colgroup>
          )}
          <TableHead {...role('rowgroup')}>
            <TableRow {...role('row')}>
              {columns.map((column, index) =>
                column.sortField === undefined ? (
                  <TableCell
                    key={column.id ?? index}
                    align={column.align}
                    {...role('columnheader')}
                    sx={[{ fontWeight: 600 }, ...(Array.isArray(column.headerSx) ? column.headerSx : [column.headerSx])]}
                  >
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
          <TableBody sx={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }} {...role('rowgroup')}>
            {rows && rows.length > 0
              ? rows.map((record) =>
                  renderRecord ? (
                    renderRecord(record, cells(record), { row: role('row'), cell: role('cell') })
                  ) : (
                    <TableRow key={rowKey(record)} hover={rowHover} {...role('row')}>
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
