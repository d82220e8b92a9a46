/**
 * The zone's blocking tab. Its sections (advertisers, advertiser domains, IAB categories scoped to the zone, with
 * the 'Hide Global Blocks' toggle) come with a later issue; until then the tab shows its title.
 */
import Typography from '@mui/material/Typography';
import { useI18n } from '../../../i18n/I18nContext';

export function BlockingTab() {
  const { translate } = useI18n();
  return (
    <Typography variant="h6" component="h2" sx={{ fontWeight: 600, pt: 1 }}>
      {translate('zoneEdit.blocking.title')}
    </Typography>
  );
}
