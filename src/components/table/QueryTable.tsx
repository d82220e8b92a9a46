/**
 * A small table over one query (a section's list the API answers whole): a labelled table with its column
 * headers, sortable where a column names its sort field, and a body that shows loading, an error with retry,
 * the delayed empty state, then the rows in the chosen order, each drawn by the children (a function of the
 * record). `stackBelow`: cards below that width (stackedTable.ts); the caller's rows then carry `tableRoles.row`
 * and `tableRoles.cell`. Narrow screens also get tighter cell padding.
 */
import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SortState } from '../../lib/listQuery';
import { SortableHeaderCell } from './SortableHeaderCell';
import { stackedTableSx, tableRoles } from './stackedTable';
import { QueryTableRows, type TableQuery } from './TableStateRows';

export interface QueryTableColumn<Field extends string> {
  label: string;
  /** Sorts by this field when set. */
  sortField?: Field;
  align?: 'left' | 'right';
  /** Stacked (`stackBelow`): whether its cells show the column's name above them; default true. */
  stackedLabel?: boolean;
}

export interface QueryTableProps<Field extends string, Row> {
  /** Accessible name of the table. */
  label: string;
  columns: readonly QueryTableColumn<Field>[];
  query: TableQuery;
  /** The rows in the chosen order (useSortedRows). */
  sorting: { rows: readonly Row[]; sort: SortState<Field>; onSort: (field: Field) => void };
  /** 'No … found'. */
  empty: ReactNode;
  /** Below this breakpoint the rows are stacked cards instead of a table's lines. */
  stackBelow?: 'sm' | 'md';
  /** The table row of a record (with its key). */
  children: (row: Row) => ReactNode;
}

/** A phone's cells: half the horizontal padding, so a few columns fit without a sideways scroll. */
const NARROW_PADDING = { '& th, & td': { px: { xs: 1, sm: 2 } } } as const;

export function QueryTable<Field extends string, Row>({ label, columns, query, sorting, empty, stackBelow, children }: QueryTableProps<Field, Row>) {
  const { sort, onSort } = sorting;
  const role = (name: keyof typeof tableRoles) => (stackBelow ? tableRoles[name] : {});
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={label}
        {...role('table')}
        sx={[
          NARROW_PADDING,
          stackBelow
            ? stackedTableSx(stackBelow, {
                sortable: columns.some((column) => column.sortField !== undefined),
                labels: columns.map((column) => (column.stackedLabel === false ? null : column.label)),
              })
            : {},
        ]}
      >
        <TableHead {...role('rowgroup')}>
          <TableRow {...role('row')}>
            {columns.map((column) =>
              column.sortField === undefined ? (
                <TableCell key={column.label} align={column.align} sx={{ fontWeight: 600 }} {...role('columnheader')}>
                  {column.label}
                </TableCell>
              ) : (
                <SortableHeaderCell key={column.label} field={column.sortField} sort={sort} onSort={onSort} align={column.align}>
                  {column.label}
                </SortableHeaderCell>
              ),
            )}
          </TableRow>
        </TableHead>
        <TableBody {...role('rowgroup')}>
          <QueryTableRows query={query} colSpan={columns.length} rowCount={sorting.rows.length} empty={empty}>
            {sorting.rows.map((row) => children(row))}
          </QueryTableRows>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
