/** The zone's History tab (/zones/edit/{zoneId}/history, issue 12): the change history of this zone alone. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { HistoryList } from '../../history';
import type { ZoneRecord } from '../../../dataProvider/resources';
import { useI18n } from '../../../i18n/I18nContext';

export function HistoryTab({ zone }: { zone: ZoneRecord }) {
  const { translate } = useI18n();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        {translate('history.title')}
      </Typography>
      <Typography>{translate('history.zoneIntro')}</Typography>
      <HistoryList zoneId={zone.trackingId} />
    </Box>
  );
}
