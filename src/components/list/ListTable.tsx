/**
 * The table of every list: react-admin's <DataTable> in the list's ListContext (usePagedList for a server-paged
 * list, react-admin's useList for one the API answers whole), its columns `<DataTable.Col>` children. It adds only
 * what the spec asks of a list and DataTable has no prop for (spec sections 4 'Lists', 8 and 9):
 * - the table's accessible name, and aria-busy while a page or a save is on its way, with a progress bar above;
 * - the previous page shown dimmed while the next loads (the controller keeps it: keepPreviousData);
 * - for an answer without rows, one row under the table's head (NoRowsBody) saying what it means: the failed first
 *   load with a retry, else 'No … found' only 500 ms after the empty answer (a quick answer never flashes it);
 * - `aria-sort` on the sorted column's header (SortedHead);
 * - `stackBelow`: cards instead of lines on a narrow screen (stackedTable.ts).
 * Rows are not clickable (rowClick false): what a row opens is a link in it.
 * Sorting headers (DataTable.Col `source` = the contract's sortBy value), selection and the bulk actions toolbar are
 * DataTable's own; bulk actions are off unless the list passes its buttons (`bulkActionButtons`).
 */
import { Children, cloneElement, createContext, isValidElement, useContext, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  DataTable,
  DataTableClasses,
  DataTableHead,
  useDataTableSortContext,
  useListContext,
  type DataTableProps,
  type RaRecord,
} from 'react-admin';
import { useI18n } from '../../i18n/I18nContext';
import { EMPTY_STATE_DELAY_MS } from '../../lib/listQuery';
import { LoadError } from '../LoadError';
import { stackedTableSx } from '../table/stackedTable';

export interface ListTableProps<RecordType extends RaRecord> extends Omit<DataTableProps<RecordType>, 'empty'> {
  /** The table's accessible name. */
  label: string;
  /** 'No … found'. */
  empty: ReactNode;
  /** The failed first load's own text (else the general load error). */
  failedKey?: string;
  /** Something else is on its way (a save): busy and dimmed like a loading page. */
  pending?: boolean;
  /** Below this breakpoint the rows are stacked cards instead of a table's lines. */
  stackBelow?: 'sm' | 'md';
  /** Fixed column widths (each Col's `sx.width`) from this width up; narrower, the table scrolls in its box. */
  minWidth?: number;
}

/** What shows instead of rows: the failure with a retry, or 'No … found' after the spec's delay. */
function NoRows({ empty, failedKey }: { empty: ReactNode; failedKey?: string }) {
  const { translate } = useI18n();
  const { error, isFetching, refetch, filterValues, page, perPage } = useListContext();
  const [shown, setShown] = useState<string | null>(null);
  // The delay starts again for each search, page and filter.
  const asked = JSON.stringify([filterValues, page, perPage]);
  useEffect(() => {
    const timer = setTimeout(() => setShown(asked), EMPTY_STATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [asked]);
  const retry = () => void refetch?.();
  if (error && !isFetching) {
    return failedKey ? (
      <Box sx={{ p: 3, textAlign: 'center' }}>
        <Typography sx={{ mb: 1 }}>{translate(failedKey)}</Typography>
        <Button variant="outlined" onClick={retry}>
          {translate('common.retry')}
        </Button>
      </Box>
    ) : (
      <LoadError onRetry={retry} sx={{ m: 2 }} />
    );
  }
  if (shown !== asked || error) return null;
  return (
    <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
      {empty}
    </Typography>
  );
}

/**
 * DataTable's body for an answer without rows: one full-width row holding NoRows under the same head, so the
 * columns do not move, a search that found nothing keeps its sort buttons, and a head that has the focus keeps it
 * when the rows come (DataTable would draw its `empty` slot instead of the whole table, a new head each time; so
 * the same DataTable is given one stand-in record and this body instead).
 */
const NoRowsCell = createContext<ReactNode>(null);
const NO_ROW = [{ id: '' }];
function NoRowsBody({ children }: { children?: ReactNode }) {
  const content = useContext(NoRowsCell);
  return (
    <TableBody className={DataTableClasses.tbody}>
      <TableRow data-empty>
        <TableCell colSpan={Children.count(children)} sx={{ p: 0, textAlign: 'center', borderBottom: 'none' }}>
          {content}
        </TableCell>
      </TableRow>
    </TableBody>
  );
}

/**
 * DataTable's head, with `aria-sort` on the sorted column's header (DataTable shows the sort with an arrow only):
 * assistive technology says which column orders the rows and which way.
 */
function SortedHead({ children }: { children?: ReactNode }) {
  const sort = useDataTableSortContext();
  return (
    <DataTableHead>
      {Children.map(children, (column) =>
        isValidElement<{ source?: string }>(column) && sort && column.props.source === sort.field
          ? cloneElement(column as ReactElement<{ sortDirection?: 'asc' | 'desc' }>, { sortDirection: sort.order === 'ASC' ? 'asc' : 'desc' })
          : column,
      )}
    </DataTableHead>
  );
}

export function ListTable<RecordType extends RaRecord>({
  label,
  empty,
  failedKey,
  pending = false,
  stackBelow,
  minWidth,
  bulkActionButtons = false,
  children,
  sx,
  ...table
}: ListTableProps<RecordType>) {
  const { translate } = useI18n();
  const { resource, data, isPending, isFetching, isPlaceholderData } = useListContext() as ReturnType<typeof useListContext> & { isPlaceholderData?: boolean };
  const noRows = !isPending && (data === undefined || data.length === 0);
  const stale = isPlaceholderData === true || pending;
  const columns = Children.toArray(children).filter(isValidElement) as { props: { label?: unknown; source?: string; 'data-stacked'?: boolean } }[];
  const tableSx: DataTableProps['sx'] = [
    { '& .RaDataTable-tableWrapper': { overflowX: 'auto' }, '& .RaDataTable-tbody': { opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' } },
    minWidth === undefined ? {} : { '& .RaDataTable-table': { tableLayout: 'fixed', minWidth } },
    stackBelow === undefined
      ? {}
      : stackedTableSx(stackBelow, {
          sortable: columns.some((column) => column.props.source !== undefined),
          // The expand and checkbox columns of a list with them come first.
          labels: [
            ...(table.expand === undefined ? [] : [null]),
            ...(bulkActionButtons === false ? [] : [null]),
            ...columns.map((column) => (column.props['data-stacked'] !== false && typeof column.props.label === 'string' ? column.props.label : null)),
          ],
        }),
    ...(Array.isArray(sx) ? sx : [sx]),
  ];
  return (
    <>
      <Box sx={{ height: 4 }}>{(isFetching || pending) && <LinearProgress aria-label={translate('common.loading')} />}</Box>
      <NoRowsCell.Provider value={<NoRows empty={empty} failedKey={failedKey} />}>
        <DataTable<RecordType>
          resource={resource}
          aria-label={label}
          aria-busy={isPending || stale}
          head={SortedHead}
          // A row is not a button: its links and buttons say where they go (react-admin's default opens the
          // resource's edit route, which the spec's addresses do not have, on any click or Enter inside the row).
          rowClick={false}
          sx={tableSx}
          {...table}
          {...(noRows ? { data: NO_ROW as RecordType[], total: 1, body: NoRowsBody, bulkActionButtons: false } : { bulkActionButtons })}
        >
          {children}
        </DataTable>
      </NoRowsCell.Provider>
    </>
  );
}
