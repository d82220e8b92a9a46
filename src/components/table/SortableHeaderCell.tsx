/** A table header that sorts its column (spec section 2 'Common UI': tables have sortable headers). */
import type { ReactNode } from 'react';
import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SortState } from '../../lib/listQuery';

export interface SortableHeaderCellProps<Field extends string> {
  field: Field;
  sort: SortState<Field>;
  onSort: (field: Field) => void;
  children: ReactNode;
  align?: 'left' | 'right';
}

export function SortableHeaderCell<Field extends string>({ field, sort, onSort, children, align }: SortableHeaderCellProps<Field>) {
  const active = sort.field === field;
  const direction = sort.order === 'ASC' ? 'asc' : 'desc';
  return (
    // The explicit role keeps it a column header where a table is stacked as cards (stackedTable.ts).
    <TableCell align={align} sortDirection={active ? direction : false} sx={{ fontWeight: 600 }} role="columnheader">
      <TableSortLabel active={active} direction={active ? direction : 'asc'} onClick={() => onSort(field)}>
        {children}
      </TableSortLabel>
    </TableCell>
  );
}
