/**
 * The zones table: id, name, products (enabled services as chips) and number of slots; id and name open the
 * zone's overview. Sortable headers carry aria-sort; rows stay visible (dimmed) while the next page loads, so
 * paging never makes the table jump. Loading, empty and failed states are rows of the same table.
 */
import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { SortableHeaderCell } from '../../components/table/SortableHeaderCell';
import type { ZoneListRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { useReferenceLabel } from '../../i18n/referenceLabels';
import type { SortState } from '../../lib/listQuery';
import { zonePaths } from '../../routes';
import { enabledProductLabels } from './zoneExport';

export const ZONE_COLUMN_COUNT = 4;

export interface ZoneListTableProps {
  zones: readonly ZoneListRecord[] | undefined;
  /** The URL's sort: a ZONE_SORT_FIELDS value (the contract's sortBy). */
  sort: SortState;
  onSort: (field: string) => void;
  /** Rows shown are an earlier answer while a new one loads. */
  stale: boolean;
  /** An answer is on its way (aria-busy): a first load, or the next page while `stale` rows stay. Not a failure. */
  busy: boolean;
  /** What the body shows when there are no rows to show (loading, empty, error). */
  placeholder?: ReactNode;
}

export function ZoneListTable({ zones, sort, onSort, stale, busy, placeholder }: ZoneListTableProps) {
  const { translate } = useI18n();
  const column = (name: string) => translate(`zones.list.columns.${name}`);
  return (
    <Table
      size="small"
      aria-label={translate('zones.list.label')}
      aria-busy={busy}
      // Fixed columns: an empty, loading or failed table keeps the widths of a full one instead of jumping to
      // its headers' widths. Narrower than minWidth (a phone), it scrolls in its own box.
      sx={{ tableLayout: 'fixed', minWidth: 600 }}
    >
      <colgroup>
        <col style={{ width: '8rem' }} />
        <col />
        <col style={{ width: '35%' }} />
        <col style={{ width: '10rem' }} />
      </colgroup>
      <TableHead>
        <TableRow>
          <SortableHeaderCell field="trackingId" sort={sort} onSort={onSort}>
            {column('id')}
          </SortableHeaderCell>
          <SortableHeaderCell field="name" sort={sort} onSort={onSort}>
            {column('name')}
          </SortableHeaderCell>
          <TableCell sx={{ fontWeight: 600 }}>{column('products')}</TableCell>
          <SortableHeaderCell field="numberOfSlots" sort={sort} onSort={onSort} align="right">
            {column('slots')}
          </SortableHeaderCell>
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
  const referenceLabel = useReferenceLabel();
  const to = zonePaths.overview(zone.trackingId);
  const products = enabledProductLabels(zone, (service) => referenceLabel('services', service));
  return (
    <TableRow hover>
      <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
        <Link component={RouterLink} to={to}>
          {zone.trackingId}
        </Link>
      </TableCell>
      {/* 'anywhere', not 'break-word': a long unbroken name wraps whole instead of widening its column (which
          'break-word' allows in a table) and pushing Products and Slots out of the table's box. */}
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
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
