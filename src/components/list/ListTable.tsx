/**
 * The table of every list (ARCHITECTURE.md, 'A list'), adding what the spec asks (sections 4 'Lists', 8, 9) and
 * DataTable has no prop for: the table's name; aria-busy and a progress bar while a page or a save (`pending`) is on
 * its way; the previous page dimmed; `aria-sort` on the sorted header; for an answer without rows, one row under the
 * same head (NoRowsBody); `stackBelow`: cards on a narrow screen. DataTable's bulk toolbar is off by default; rows are
 * not clickable: what a row opens is a link in it (DataTable's default opens an edit route the spec lacks).
 */
import { Children, cloneElement, createContext, isValidElement, useContext, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DataTable, DataTableClasses, DataTableHead, useDataTableSortContext, useListContext, type DataTableProps, type RaRecord } from 'react-admin';
import { useI18n } from '../../i18n/I18nContext';
import { EMPTY_STATE_DELAY_MS } from '../../lib/listQuery';
import { LoadError } from '../LoadError';
import { stackedTableSx } from '../table/stackedTable';

export interface ListTableProps<RecordType extends RaRecord> extends Omit<DataTableProps<RecordType>, 'empty'> {
  label: string;
  empty: ReactNode;
  /** The failed first load's own text (else the general load error). */
  failedKey?: string;
  pending?: boolean;
  stackBelow?: 'sm' | 'md';
  /** Fixed column widths (each Col's `sx.width`) from this width up; narrower, the table scrolls in its box. */
  minWidth?: number;
}

/** Instead of rows: the failed load with a retry, or 'No … found' 500 ms after the answer (never a flash). */
export function NoRows({ empty, failedKey }: { empty: ReactNode; failedKey?: string }) {
  const { error, isFetching, refetch, filterValues, page, perPage } = useListContext();
  const [shown, setShown] = useState<string | null>(null);
  const asked = JSON.stringify([filterValues, page, perPage]);
  useEffect(() => {
    const timer = setTimeout(() => setShown(asked), EMPTY_STATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [asked]);
  if (error && !isFetching) return <LoadError messageKey={failedKey} onRetry={() => void refetch?.()} sx={{ m: 2 }} />;
  if (shown !== asked || error) return null;
  return (
    <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
      {empty}
    </Typography>
  );
}

/**
 * DataTable's body for an answer without rows (given one stand-in record): one full-width row holding NoRows. The
 * head stays the same element, so the columns do not move and a sort button keeps the focus when rows come
 * (DataTable's `empty` slot would replace the whole table).
 */
const NoRowsCell = createContext<ReactNode>(null);
const NO_ROW = [{ id: '' }];
function NoRowsBody({ children }: { children?: ReactNode }) {
  return (
    <TableBody className={DataTableClasses.tbody}>
      <TableRow data-empty>
        <TableCell colSpan={Children.count(children)} sx={{ p: 0, textAlign: 'center', borderBottom: 'none' }}>
          {useContext(NoRowsCell)}
        </TableCell>
      </TableRow>
    </TableBody>
  );
}

/** DataTable's head with `aria-sort` on the sorted column (DataTable 5.15 shows an arrow only; TableCell's `sortDirection` sets it). */
function SortedHead({ children }: { children?: ReactNode }) {
  const sort = useDataTableSortContext();
  const sorted = (column: ReactNode) =>
    sort && isValidElement<{ source?: string }>(column) && column.props.source === sort.field
      ? cloneElement(column as ReactElement<{ sortDirection?: 'asc' | 'desc' }>, { sortDirection: sort.order === 'ASC' ? 'asc' : 'desc' })
      : column;
  return <DataTableHead>{Children.map(children, sorted)}</DataTableHead>;
}

export function ListTable<RecordType extends RaRecord>({ label, empty, failedKey, pending = false, stackBelow, minWidth, bulkActionButtons = false, children, sx, ...table }: ListTableProps<RecordType>) {
  const { translate } = useI18n();
  const { resource, data, isPending, isFetching, isPlaceholderData } = useListContext();
  const noRows = !isPending && !data?.length;
  const stale = isPlaceholderData === true || pending;
  const tableSx: DataTableProps['sx'] = [
    { '& .RaDataTable-tableWrapper': { overflowX: 'auto' }, '& .RaDataTable-tbody': { opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' } },
    minWidth === undefined ? {} : { '& .RaDataTable-table': { tableLayout: 'fixed', minWidth } },
    stackBelow === undefined ? {} : stackedTableSx(stackBelow, children),
    ...(Array.isArray(sx) ? sx : [sx]),
  ];
  return (
    <NoRowsCell.Provider value={<NoRows empty={empty} failedKey={failedKey} />}>
      <Box sx={{ height: 4 }}>{(isFetching || pending) && <LinearProgress aria-label={translate('common.loading')} />}</Box>
      <DataTable<RecordType>
        resource={resource}
        aria-label={label}
        aria-busy={isPending || stale}
        head={SortedHead}
        rowClick={false}
        sx={tableSx}
        {...table}
        {...(noRows ? { data: NO_ROW as RecordType[], total: 1, body: NoRowsBody, bulkActionButtons: false } : { bulkActionButtons })}
      >
        {children}
      </DataTable>
    </NoRowsCell.Provider>
  );
}
