/**
 * /account-settings/ads-txt-monitor (issue 27): the selected publisher's sites the ads.txt monitor crawls, ranked
 * by the revenue at stake (the last 30 days of its zones on each), filtered by status and searched by domain in
 * the address, paged by the server on the shared controller (usePagedList, ListTable). Each site opens on its
 * page (status, crawls, the file, the lines to add, Check now). Below the list, the publisher's sellers.json
 * setting, which the monitor checks each file's OWNERDOMAIN against.
 */
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataTable, ListContextProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ListPagination } from '../../components/list/ListPagination';
import { ListTable } from '../../components/list/ListTable';
import { usePagedList } from '../../components/list/usePagedList';
import { PageLayout } from '../../components/PageLayout';
import { ADS_TXT_SITE_SORT_FIELDS, type AdsTxtSiteRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import type { ListQueryDefaults } from '../../lib/listQuery';
import { paths } from '../../routes';
import { SiteName, StatusChip } from './AdsTxtSiteCells';
import { AdsTxtSiteFilters, SITE_FILTER_KEYS, useSiteFilter } from './AdsTxtSiteFilters';
import { SellersJsonSetting } from './SellersJsonSetting';
import { formatStake, lastCrawl, statusExplanation } from './siteText';

const Col = DataTable.Col<AdsTxtSiteRecord>;
const SITE_SUMMARIES = { summaries: true };

/** The most revenue at stake first, page 1 of 20 rows as every list of the portal starts. */
export const SITE_LIST_DEFAULTS: ListQueryDefaults = { page: 1, perPage: 20, sort: 'revenueAtStake', order: 'DESC' };

export function AdsTxtSiteList() {
  const { translate, locale } = useI18n();
  const filter = useSiteFilter();
  const list = usePagedList<AdsTxtSiteRecord>('adsTxtSites', {
    defaults: SITE_LIST_DEFAULTS,
    sortFields: ADS_TXT_SITE_SORT_FIELDS,
    filter,
    filterParams: SITE_FILTER_KEYS,
    failureOperation: 'listAdsTxtSites',
    // The rows carry no file: never the site page's whole records.
    meta: SITE_SUMMARIES,
  });
  const column = (name: string) => translate(`adsTxtMonitor.columns.${name}`);
  return (
    <ListContextProvider value={list}>
      <PageLayout
        titleKey="adsTxtMonitor.title"
        actions={
          <Button component={RouterLink} to={paths.adsTxt}>
            {translate('adsTxtMonitor.linesLink')}
          </Button>
        }
      >
        <Typography>{translate('adsTxtMonitor.intro')}</Typography>
        <AdsTxtSiteFilters searchLabel={translate('adsTxtMonitor.filters.search')} />
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <ListTable<AdsTxtSiteRecord> label={translate('adsTxtMonitor.list.label')} empty={translate('adsTxtMonitor.list.empty')} failedKey="adsTxtMonitor.list.loadFailed" stackBelow="md">
            <Col source="domain" label={column('domain')} sx={{ verticalAlign: 'top', minWidth: 180 }} render={(site) => <SiteName site={site} to={paths.adsTxtSite(site.id)} />} />
            <Col
              source="status"
              label={column('status')}
              sx={{ verticalAlign: 'top', minWidth: 220 }}
              render={(site) => (
                <>
                  <StatusChip site={site} />
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {statusExplanation(site, translate, locale)}
                  </Typography>
                </>
              )}
            />
            <Col source="revenueAtStake" label={column('revenueAtStake')} sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }} render={(site) => formatStake(site.revenueAtStake, locale)} />
            <Col source="lastCrawlAt" label={column('lastCrawl')} sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }} render={(site) => lastCrawl(site, translate, locale)} />
            <Col
              label={column('actions')}
              data-stacked={false}
              sx={{ verticalAlign: 'top' }}
              render={(site) => (
                <Button size="small" variant="outlined" component={RouterLink} to={paths.adsTxtSite(site.id)} aria-label={translate('adsTxtMonitor.list.openLabel', { domain: site.domain })}>
                  {translate('adsTxtMonitor.list.open')}
                </Button>
              )}
            />
          </ListTable>
          <ListPagination label={translate('adsTxtMonitor.list.pages')} />
        </Paper>
        <SellersJsonSetting />
      </PageLayout>
    </ListContextProvider>
  );
}
