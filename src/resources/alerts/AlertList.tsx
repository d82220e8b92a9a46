/**
 * /alerts (issue 23, designed: the spec has no alerts): the drops the daily job found in the selected publisher's
 * figures, at or above the user's threshold, and the ads.txt monitor's alerts (issue 27: "Alerts", as the header's
 * count, since both kinds are here), newest first (or by size), with the likely cause of each, paged by the
 * server on the shared controller (usePagedList, ListTable), filtered by scope and state in the address. Read,
 * unread and dismissed are the user's own. An alert opens on its page with every change before it and Undo.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataTable, ListContextProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ListPagination } from '../../components/list/ListPagination';
import { ListTable } from '../../components/list/ListTable';
import { usePagedList } from '../../components/list/usePagedList';
import { PageLayout } from '../../components/PageLayout';
import { ALERT_SORT_FIELDS, type RevenueAlertRecord } from '../../dataProvider/resources';
import { useMayCall } from '../../dataProvider/useMayCall';
import { useI18n } from '../../i18n/I18nContext';
import type { ListQueryDefaults } from '../../lib/listQuery';
import { paths } from '../../routes';
import { AlertActions } from './AlertActions';
import { AlertSince, AlertSummary, TopCause } from './AlertCells';
import { ALERT_FILTER_KEYS, AlertFilters, useAlertFilter } from './AlertFilters';
import { alertName } from './alertText';
import { useAlertState } from './useAlertState';

const ALERT_SUMMARIES = { summaries: true };
const Col = DataTable.Col<RevenueAlertRecord>;

/** Newest first, page 1 of 20 rows as every list of the portal starts. */
export const ALERT_LIST_DEFAULTS: ListQueryDefaults = { page: 1, perPage: 20, sort: 'day', order: 'DESC' };

export function AlertList() {
  const { translate, locale } = useI18n();
  const filter = useAlertFilter();
  const list = usePagedList<RevenueAlertRecord>('alerts', {
    defaults: ALERT_LIST_DEFAULTS,
    sortFields: ALERT_SORT_FIELDS,
    filter,
    filterParams: ALERT_FILTER_KEYS,
    failureOperation: 'listRevenueAlerts',
    // The rows carry no causes: never the alert page's whole records.
    meta: ALERT_SUMMARIES,
  });
  const state = useAlertState();
  const mayReadMonitor = useMayCall('getAdsTxtSite');
  const column = (name: string) => translate(`alerts.columns.${name}`);
  return (
    <ListContextProvider value={list}>
      <PageLayout
        titleKey="alerts.title"
        actions={
          <Button component={RouterLink} to={paths.notificationSettings}>
            {translate('alerts.settingsLink')}
          </Button>
        }
      >
        <Typography>
          {translate('alerts.intro')}
          {/* The ads.txt monitor's alerts (issue 27), to those who may read the monitor: the server lists them to them only. */}
          {mayReadMonitor && ` ${translate('alerts.introAdsTxt')}`}
        </Typography>
        <AlertFilters />
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          {/* Cards below 900 px: each alert's Explain and Mark read in view on a phone. */}
          <ListTable<RevenueAlertRecord> label={translate('alerts.list.label')} empty={translate('alerts.list.empty')} failedKey="alerts.list.loadFailed" pending={state.isPending} stackBelow="md">
            <Col source="day" label={column('since')} sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }} render={(alert) => <AlertSince alert={alert} />} />
            <Col source="drop" label={column('what')} sx={{ verticalAlign: 'top', minWidth: 200 }} render={(alert) => <AlertSummary alert={alert} />} />
            <Col label={column('cause')} sx={{ verticalAlign: 'top', minWidth: 220 }} render={(alert) => <TopCause alert={alert} />} />
            <Col
              label={column('actions')}
              data-stacked={false}
              sx={{ verticalAlign: 'top' }}
              render={(alert) => (
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}>
                  <Button
                    size="small"
                    variant="contained"
                    component={RouterLink}
                    to={paths.alert(alert.id)}
                    aria-label={translate('alerts.actions.explainLabel', { name: alertName(alert, translate, locale) })}
                  >
                    {translate('alerts.actions.explain')}
                  </Button>
                  <AlertActions alert={alert} state={state} />
                </Box>
              )}
            />
          </ListTable>
          <ListPagination label={translate('alerts.list.pages')} />
        </Paper>
      </PageLayout>
    </ListContextProvider>
  );
}
