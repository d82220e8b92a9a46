/**
 * The parts of an alert both the list and the alert page show (issue 23): the headline with the user's state, the
 * scope (a zone links to it), the figures, and the likely cause in a line.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { RevenueAlertRecord } from '../../dataProvider/resources';
import { formatDay } from '../../i18n/formats';
import { useI18n } from '../../i18n/I18nContext';
import { paths, zonePaths } from '../../routes';
import { HistoryChange } from '../history';
import { alertFigures, alertHeadline, causeStake } from './alertText';

export function AlertStateChips({ alert }: { alert: RevenueAlertRecord }) {
  const { translate } = useI18n();
  if (alert.dismissed) return <Chip size="small" variant="outlined" label={translate('alerts.dismissedChip')} />;
  return alert.read ? null : <Chip size="small" color="primary" label={translate('alerts.new')} />;
}

/** The zone, linking to its screens; or the whole publisher. */
export function AlertScope({ alert }: { alert: RevenueAlertRecord }) {
  const { translate } = useI18n();
  if (!alert.zone) return <>{translate('alerts.scope.publisher')}</>;
  return (
    <Link component={RouterLink} to={zonePaths.overview(alert.zone.id)} underline="always">
      {translate('alerts.scope.zone', { name: alert.zone.name })}
    </Link>
  );
}

export function AlertSummary({ alert }: { alert: RevenueAlertRecord }) {
  const { translate, locale } = useI18n();
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: alert.read ? 400 : 700 }}>
        <Link component={RouterLink} to={paths.alert(alert.id)} underline="always" color="inherit">
          {alertHeadline(alert, translate, locale)}
        </Link>
      </Typography>
      <Typography variant="body2">
        <AlertScope alert={alert} />
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {alertFigures(alert, translate, locale)}
      </Typography>
    </>
  );
}

export function AlertSince({ alert }: { alert: RevenueAlertRecord }) {
  const { locale } = useI18n();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      <Typography variant="body2">{formatDay(alert.day, locale)}</Typography>
      <AlertStateChips alert={alert} />
    </Box>
  );
}

/** The likely cause in a few lines, or why there is none. */
export function TopCause({ alert }: { alert: RevenueAlertRecord }) {
  const { translate, locale } = useI18n();
  const cause = alert.topCause;
  if (!cause) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate(alert.changeCount === 0 ? 'alerts.noCauseShort' : 'alerts.nothingAtStakeShort')}
      </Typography>
    );
  }
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {translate(`alerts.effects.${cause.effect}`)} · {cause.entry.author.name}
      </Typography>
      {/* Acted on already (issue 30): the list says so, not only the alert's page. */}
      {cause.entry.undoneBy !== null && (
        <Chip size="small" variant="outlined" sx={{ alignSelf: 'flex-start' }} label={translate('history.undo.undoneBy', { id: cause.entry.undoneBy })} />
      )}
      <HistoryChange entry={cause.entry} />
      <Typography variant="caption" color="text.secondary">
        {causeStake(cause, alert.currency, translate, locale)}
      </Typography>
    </>
  );
}
