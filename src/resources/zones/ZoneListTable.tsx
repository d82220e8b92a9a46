/**
 * The zones table: id, name, products (enabled services as chips) and number of slots; id and name open the
 * zone's overview. Sortable headers carry aria-sort; rows stay visible (dimmed) while the next page loads, so
 * paging never makes the table jump. Loading, empty and failed states are rows of the same table.
 */
import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { ZoneListRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import type { SortOrder } from '../../lib/listQuery';
import { zonePaths } from './zonePaths';
import { enabledProductLabels } from './zoneExport';

/** URL sort values of the sortable columns; the data provider maps them to the contract's sortBy. */
export const ZONE_SORT_COLUMNS = { id: 'trackingId', name: 'name', slots: 'numberOfSlots' } as const;
export const ZONE_SORT_FIELDS: readonly string[] = Object.values(ZONE_SORT_COLUMNS);
const COLUMN_COUNT = 4;
const SKELETON_ROWS = 5;

export interface ZoneListTableProps {
  zones: readonly ZoneListRecord[] | undefined;
  sort: { field: string; order: SortOrder };
  onSort: (field: string) => void;
  /** Rows shown are an earlier answer while a new one loads. */
  stale: boolean;
  /** What the body shows when there are no rows to show (loading, empty, error). */
  placeholder?: ReactNode;
}

function SortableHeader({ field, sort, onSort, children, numeric }: {
  field: string;
  sort: ZoneListTableProps['sort'];
  onSort: (field: string) => void;
  children: ReactNode;
  numeric?: boolean;
}) {
  const active = sort.field === field;
  const direction = sort.order === 'ASC' ? 'asc' : 'desc';
  return (
    <TableCell align={numeric ? 'right' : 'left'} sortDirection={active ? direction : false} sx={{ fontWeight: 600 }}>
      <TableSortLabel active={active} direction={active ? direction : 'asc'} onClick={() => onSort(field)}>
        {children}
      </TableSortLabel>
    </TableCell>
  );
}

export function ZoneListTable({ zones, sort, onSort, stale, placeholder }: ZoneListTableProps) {
  const { translate } = useI18n();
  const column = (name: string) => translate(`zones.list.columns.${name}`);
  return (
    <Table size="small" aria-label={translate('zones.list.label')} aria-busy={stale || zones === undefined}>
      <TableHead>
        <TableRow>
          <SortableHeader field={ZONE_SORT_COLUMNS.id} sort={sort} onSort={onSort}>
            {column('id')}
          </SortableHeader>
          <SortableHeader field={ZONE_SORT_COLUMNS.name} sort={sort} onSort={onSort}>
            {column('name')}
          </SortableHeader>
          <TableCell sx={{ fontWeight: 600 }}>{column('products')}</TableCell>
          <SortableHeader field={ZONE_SORT_COLUMNS.slots} sort={sort} onSort={onSort} numeric>
            {column('slots')}
          </SortableHeader>
        </TableRow>
      </TableHead>
      <TableBody sx={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {zones && zones.length > 0
          ? zones.map((zone) => <ZoneRow key={zone.trackingId} zone={zone} noProducts={translate('zones.list.noProducts')} />)
          : (placeholder ?? null)}
      </TableBody>
    </Table>
  );
}

function ZoneRow({ zone, noProducts }: { zone: ZoneListRecord; noProducts: string }) {
  const to = zonePaths.overview(zone.trackingId);
  const products = enabledProductLabels(zone);
  return (
    <TableRow hover>
      <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
        <Link component={RouterLink} to={to}>
          {zone.trackingId}
        </Link>
      </TableCell>
      <TableCell sx={{ overflowWrap: 'break-word', minWidth: 160 }}>
        <Link component={RouterLink} to={to}>
          {zone.name}
        </Link>
      </TableCell>
      <TableCell>
        {products.length > 0 ? (
          <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 4, margin: 0, padding: 0, listStyle: 'none' }}>
            {products.map((label) => (
              <li key={label}>
                <Chip label={label} size="small" variant="outlined" />
              </li>
            ))}
          </ul>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {noProducts}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {zone.numberOfSlots}
      </TableCell>
    </TableRow>
  );
}

/** Placeholder rows while the first answer is on its way (the page's progress bar tells assistive technology). */
export function ZoneSkeletonRows() {
  return (
    <>
      {Array.from({ length: SKELETON_ROWS }, (_, row) => (
        <TableRow key={row} aria-hidden>
          {Array.from({ length: COLUMN_COUNT }, (_, cell) => (
            <TableCell key={cell}>
              <Skeleton variant="text" />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

/** One full-width row holding a message or action. */
export function ZoneMessageRow({ children }: { children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={COLUMN_COUNT} sx={{ py: 4, textAlign: 'center' }}>
        {children}
      </TableCell>
    </TableRow>
  );
}
