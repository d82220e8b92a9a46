/**
 * The zones table's columns (spec section 2 'Zones'): id, name, products (enabled services as chips) and number of
 * slots; id and name open the zone's overview; id, name and slots sort (the contract's sortBy values).
 */
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { PagedColumn } from '../../components/list/PagedTable';
import type { ZoneListRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { useReferenceLabel } from '../../i18n/referenceLabels';
import { zonePaths } from '../../routes';
import { enabledProductLabels } from './zoneExport';

export function useZoneColumns(): PagedColumn<ZoneListRecord>[] {
  const { translate } = useI18n();
  const referenceLabel = useReferenceLabel();
  const column = (name: string) => translate(`zones.list.columns.${name}`);
  const zoneLink = (zone: ZoneListRecord, text: string | number) => (
    <Link component={RouterLink} to={zonePaths.overview(zone.trackingId)}>
      {text}
    </Link>
  );
  return [
    { id: 'id', label: column('id'), sortField: 'trackingId', width: '8rem', cellSx: { fontVariantNumeric: 'tabular-nums' }, render: (zone) => zoneLink(zone, zone.trackingId) },
    // 'anywhere', not 'break-word': a long unbroken name wraps whole instead of widening its column (which
    // 'break-word' allows in a table) and pushing Products and Slots out of the table's box.
    {
      id: 'name',
      label: column('name'),
      sortField: 'name',
      cellSx: { overflowWrap: 'anywhere' },
      // A new zone is reviewed before it serves ads (spec section 4): the list says so, as the overview does.
      render: (zone) => (
        <>
          {zoneLink(zone, zone.name)}
          {!zone.enabled && <Chip size="small" color="warning" variant="outlined" label={translate('zoneEdit.awaitingReview')} sx={{ ml: 1 }} />}
        </>
      ),
    },
    {
      id: 'products',
      label: column('products'),
      width: '35%',
      render: (zone) => {
        const products = enabledProductLabels(zone, (service) => referenceLabel('services', service));
        return products.length > 0 ? (
          <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 4, margin: 0, padding: 0, listStyle: 'none' }}>
            {products.map((label) => (
              <li key={label}>
                <Chip label={label} size="small" variant="outlined" />
              </li>
            ))}
          </ul>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('zones.list.noProducts')}
          </Typography>
        );
      },
    },
    {
      id: 'slots',
      label: column('slots'),
      sortField: 'numberOfSlots',
      align: 'right',
      width: '10rem',
      cellSx: { fontVariantNumeric: 'tabular-nums' },
      render: (zone) => zone.numberOfSlots,
    },
  ];
}
