/**
 * The zone's header on every tab: a link back to the zones list, the zone's name as the page heading (editable
 * on the overview, spec section 2), its id and its type. Also the document title, so browser tabs and history
 * entries name the zone.
 */
import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router-dom';
import type { ZoneRecord } from '../../../dataProvider/resources';
import { useListReturnPath } from '../../../components/list/useListUrlState';
import { useI18n } from '../../../i18n/I18nContext';
import { zoneTypeKey } from '../../../lib/products';
import { zonePaths } from '../../../routes';
import { ZoneTitle } from './ZoneTitle';

export function ZoneHeader({ zone, editable }: { zone: ZoneRecord; editable: boolean }) {
  const { translate } = useI18n();
  // The list as the user left it: its page, size, sort and search.
  const backToList = useListReturnPath(zonePaths.list);
  const appName = translate('app.name');
  useEffect(() => {
    document.title = `${zone.name} · ${appName}`;
  }, [zone.name, appName]);
  const type = zoneTypeKey(zone.typeId);

  return (
    <Box component="header" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Link component={RouterLink} to={backToList} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}>
        <ArrowBackIcon fontSize="small" aria-hidden />
        {translate('zoneEdit.backToZones')}
      </Link>
      <ZoneTitle zone={zone} editable={editable} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography color="text.secondary">{translate('zoneEdit.zoneId', { id: zone.trackingId })}</Typography>
        {type && <Chip size="small" variant="outlined" label={translate(`zoneEdit.types.${type}`)} />}
        {!zone.enabled && <Chip size="small" color="warning" variant="outlined" label={translate('zoneEdit.awaitingReview')} />}
      </Box>
    </Box>
  );
}
