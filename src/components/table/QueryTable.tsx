/**
 * A small table over one query (a section's list the API answers whole): a labelled table with its column
 * headers, sortable where a column names its sort field, and a body that shows loading, an error with retry,
 * the delayed empty state, then the rows.
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
import { QueryTableRows, type TableQuery } from './TableStateRows';

export interface QueryTableColumn<Field extends string> {
  label: string;
  /** Sorts by this field when set. */
  sortField?: Field;
  align?: 'left' | 'right';
}

export interface QueryTableProps<Field extends string> {
  /** Accessible name of the table. */
  label: string;
  columns: readonly QueryTableColumn<Field>[];
  query: TableQuery;
  /** The rows in the chosen order (useSortedRows). */
  sorting: { rows: readonly unknown[]; sort: SortState<Field>; onSort: (field: Field) => void };
  /** 'No … found'. */
  empty: ReactNode;
  children: ReactNode;
}

export function QueryTable<Field extends string>({ label, columns, query, sorting, empty, children }: QueryTableProps<Field>) {
  const { sort, onSort } = sorting;
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) =>
              column.sortField === undefined ? (
                <TableCell key={column.label} align={column.align} sx={{ fontWeight: 600 }}>
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
        <TableBody>
          <QueryTableRows query={query} colSpan={columns.length} rowCount={sorting.rows.length} empty={empty}>
            {children}
          </QueryTableRows>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
