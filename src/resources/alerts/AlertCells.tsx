/**
 * The parts of an alert both the list and the alert page show (issue 23): the headline with the user's state, the
 * scope (a zone links to it), the figures, and the likely cause in a line. An ads.txt alert (issue 27) has no
 * figures: the lines its site lost instead, and Resolved once the site is authorised again.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { AlertCauseRecord, RevenueAlertRecord } from '../../dataProvider/resources';
import { formatDay, formatMoment } from '../../i18n/formats';
import { useMayCall } from '../../dataProvider/useMayCall';
import { useI18n } from '../../i18n/I18nContext';
import { paths, zonePaths } from '../../routes';
import { HistoryChange } from '../history';
import { alertFigures, alertHeadline, causeStake } from './alertText';

export function AlertStateChips({ alert }: { alert: RevenueAlertRecord }) {
  const { translate } = useI18n();
  const resolved = alert.adsTxt?.resolvedAt ? <Chip size="small" color="success" variant="outlined" label={translate('alerts.adsTxt.resolvedChip')} /> : null;
  if (alert.dismissed) return <Chip size="small" variant="outlined" label={translate('alerts.dismissedChip')} />;
  return (
    <>
      {alert.read ? null : <Chip size="small" color="primary" label={translate('alerts.new')} />}
      {resolved}
    </>
  );
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
        {alert.adsTxt ? translate('alerts.adsTxt.linesLost', { smart_count: alert.adsTxt.linesLost.length }) : alertFigures(alert, translate, locale)}
      </Typography>
    </>
  );
}

/**
 * An ads.txt change as a cause: the site, when the monitor found it, and the lines it lost; with a link to the
 * site's page in the monitor while it is watched, for a user who may read the monitor (a cause of a revenue drop is
 * shown to roles that may not).
 */
type AdsTxtChangeShown = Pick<NonNullable<AlertCauseRecord['adsTxtChange']>, 'kind' | 'domain' | 'at' | 'linesLost'> & { siteId: number | null };

export function AdsTxtChange({ change }: { change: AdsTxtChangeShown }) {
  const { translate, locale } = useI18n();
  const mayOpenSite = useMayCall('getAdsTxtSite');
  return (
    <>
      <Typography variant="body2">
        {translate('alerts.adsTxt.change', { file: change.kind, domain: change.domain, at: formatMoment(change.at, locale) })}
      </Typography>
      <Box component="ul" aria-label={translate('alerts.adsTxt.linesLostLabel', { domain: change.domain })} sx={{ m: 0, pl: 2 }}>
        {change.linesLost.map((line) => (
          <Typography component="li" variant="body2" key={line} sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        ))}
      </Box>
      {mayOpenSite && change.siteId !== null && (
        <Typography variant="body2">
          <Link component={RouterLink} to={paths.adsTxtSite(change.siteId)} underline="always">
            {translate('alerts.adsTxt.openSite', { domain: change.domain })}
          </Link>
        </Typography>
      )}
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
  if (alert.adsTxt) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('alerts.adsTxt.cause', { status: translate(`alerts.adsTxt.status.${alert.adsTxt.statusBefore}`) })}
      </Typography>
    );
  }
  if (cause?.adsTxtChange) {
    return (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {translate(`alerts.effects.${cause.effect}`)}
        </Typography>
        <AdsTxtChange change={cause.adsTxtChange} />
        <Typography variant="caption" color="text.secondary">
          {causeStake(cause, alert.currency, translate, locale)}
        </Typography>
      </>
    );
  }
  if (!cause?.entry) {
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
