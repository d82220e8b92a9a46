/**
 * The zones table (spec section 2 'Zones'): id, name, products (enabled services as chips) and number of slots, as
 * react-admin DataTable columns; id and name open the zone's overview; id, name and slots sort (`source` is the
 * contract's sortBy value).
 */
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DataTable } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ListTable } from '../../components/list/ListTable';
import type { ZoneListRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { useReferenceLabel } from '../../i18n/referenceLabels';
import { zonePaths } from '../../routes';
import { enabledProductLabels } from './zoneExport';

const Col = DataTable.Col<ZoneListRecord>;
const zoneLink = (zone: ZoneListRecord, text: string | number) => (
  <Link component={RouterLink} to={zonePaths.overview(zone.trackingId)}>
    {text}
  </Link>
);

export function ZoneTable() {
  const { translate } = useI18n();
  const referenceLabel = useReferenceLabel();
  const column = (name: string) => translate(`zones.list.columns.${name}`);
  return (
    // Fixed columns: an empty, loading or failed table keeps the widths of a full one. Cards below 600 px (as Team
    // and Alerts): on a phone the name's review status and the slots stay whole, not squeezed.
    <ListTable<ZoneListRecord> label={translate('zones.list.label')} empty={translate('zones.list.empty')} failedKey="zones.list.loadFailed" minWidth={600} stackBelow="sm">
      <Col source="trackingId" label={column('id')} sx={{ width: '8rem', fontVariantNumeric: 'tabular-nums' }} render={(zone) => zoneLink(zone, zone.trackingId)} />
      {/* 'anywhere', not 'break-word': a long unbroken name wraps whole instead of widening its column (which
          'break-word' allows in a table) and pushing Products and Slots out of the table's box. A new zone is
          reviewed before it serves ads (spec section 4): the list says so, as the overview does. */}
      <Col
        source="name"
        label={column('name')}
        sx={{ overflowWrap: 'anywhere' }}
        render={(zone) => (
          <>
            {zoneLink(zone, zone.name)}
            {!zone.enabled && <Chip size="small" color="warning" variant="outlined" label={translate('zoneEdit.awaitingReview')} sx={{ ml: 1 }} />}
          </>
        )}
      />
      <Col
        label={column('products')}
        sx={{ width: '35%' }}
        render={(zone) => {
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
        }}
      />
      <Col source="numberOfSlots" label={column('slots')} align="right" sx={{ width: '10rem', fontVariantNumeric: 'tabular-nums' }} />
    </ListTable>
  );
}
