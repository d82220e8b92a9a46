/**
 * /alerts/:alertId (issue 23): one alert of the selected publisher: what fell, by how much and since when, on the
 * whole publisher or a zone (linked), and the changes before it ranked by likely effect, each with the History
 * page's Undo. An ads.txt alert (issue 27) says instead what its site fell from and to, the lines it lost, its status
 * now, and when it resolved. Opening it marks it read. An id that names no alert the user sees (missing, another publisher's, or under their threshold:
 * the server answers 404 for all) says so.
 */
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { HttpError, useGetOne } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LoadError } from '../../components/LoadError';
import { useListReturnPath } from '../../components/list/useListUrlState';
import { PageLayout } from '../../components/PageLayout';
import type { RevenueAlertDetailRecord } from '../../dataProvider/resources';
import { formatDay, formatMoment } from '../../i18n/formats';
import { useI18n } from '../../i18n/I18nContext';
import { paths } from '../../routes';
import { AlertActions } from './AlertActions';
import { AlertCauses } from './AlertCauses';
import { AdsTxtChange, AlertScope, AlertStateChips } from './AlertCells';
import { alertAmount, alertHeadline, percent } from './alertText';
import { useAlertState } from './useAlertState';

const isNotFound = (error: unknown) => error instanceof HttpError && [400, 404].includes(error.status);
const ALERT_ID = /^\d{1,10}$/;

export function AlertPage() {
  const { alertId = '' } = useParams();
  return ALERT_ID.test(alertId) ? <AlertScreen alertId={Number(alertId)} /> : <AlertNotFound />;
}

function AlertNotFound() {
  const { translate } = useI18n();
  const back = useListReturnPath(paths.alerts);
  return (
    <PageLayout titleKey="alerts.detail.notFoundTitle">
      <Typography>{translate('alerts.detail.notFound')}</Typography>
      <div>
        <Button component={RouterLink} to={back} variant="contained">
          {translate('alerts.detail.back')}
        </Button>
      </div>
    </PageLayout>
  );
}

function AlertScreen({ alertId }: { alertId: number }) {
  const { translate, locale } = useI18n();
  const back = useListReturnPath(paths.alerts);
  const { data: alert, error, isPending, refetch } = useGetOne<RevenueAlertDetailRecord>('alerts', { id: alertId });
  const state = useAlertState();
  // Opening an alert is reading it (issue 30): marked read once, as the header's count expects; 'Mark unread' undoes it.
  const markedRead = useRef<number | null>(null);
  const { mutate } = state;
  useEffect(() => {
    if (!alert || alert.read || markedRead.current === alert.id) return;
    markedRead.current = alert.id;
    mutate({ alert, change: { read: true } });
  }, [alert, mutate]);
  if (isPending) {
    return (
      <PageLayout titleKey="alerts.detail.loading">
        <LinearProgress aria-label={translate('common.loading')} />
      </PageLayout>
    );
  }
  if (alert === undefined) {
    if (isNotFound(error)) return <AlertNotFound />;
    return (
      <PageLayout titleKey="alerts.detail.loading">
        <LoadError onRetry={() => void refetch()} />
      </PageLayout>
    );
  }
  const title = translate('alerts.detail.title', { headline: alertHeadline(alert, translate, locale), day: formatDay(alert.day, locale) });
  const figure = (label: string, value: string) => (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <PageLayout
      title={title}
      actions={
        <Button component={RouterLink} to={back}>
          {translate('alerts.detail.back')}
        </Button>
      }
    >
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography>
            <AlertScope alert={alert} />
          </Typography>
          <AlertStateChips alert={alert} />
        </Box>
        {alert.adsTxt ? (
          <>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: 2 }}>
              {figure(translate('alerts.adsTxt.before'), translate(`alerts.adsTxt.status.${alert.adsTxt.statusBefore}`))}
              {figure(translate('alerts.adsTxt.after'), translate(`alerts.adsTxt.status.${alert.adsTxt.status}`))}
              {figure(
                translate('alerts.adsTxt.now'),
                alert.adsTxt.currentStatus === null ? translate('alerts.adsTxt.gone') : translate(`alerts.adsTxt.status.${alert.adsTxt.currentStatus}`),
              )}
              {alert.adsTxt.resolvedAt !== null && figure(translate('alerts.adsTxt.resolvedAt'), formatMoment(alert.adsTxt.resolvedAt, locale))}
            </Box>
            <AdsTxtChange change={{ ...alert.adsTxt, at: alert.raisedAt }} />
          </>
        ) : (
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: 2 }}>
            {figure(translate('alerts.detail.lowestDay'), formatDay(alert.peakDay, locale))}
            {figure(translate('alerts.detail.value'), alertAmount(alert, alert.value, locale))}
            {figure(translate('alerts.detail.baseline'), alertAmount(alert, alert.baseline, locale))}
            {figure(translate('alerts.detail.lost'), `${alertAmount(alert, alert.dropAmount, locale)} (${percent(alert.dropPercent, locale)})`)}
          </Box>
        )}
        <AlertActions alert={alert} state={state} size="medium" />
      </Paper>
      {!alert.adsTxt && <AlertCauses alert={alert} />}
    </PageLayout>
  );
}
