/**
 * /network/ads-txt-monitor (issue 27 item 4, network staff): every publisher's failing sites (neither authorised nor
 * waiting for their first crawl), ranked by the revenue at stake, with the publisher of each; searched by domain or
 * publisher name and filtered by status in the address, paged by the server (listFailingAdsTxtSites).
 */
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataTable, ListContextProvider } from 'react-admin';
import { ListPagination } from '../../components/list/ListPagination';
import { ListTable } from '../../components/list/ListTable';
import { usePagedList } from '../../components/list/usePagedList';
import { PageLayout } from '../../components/PageLayout';
import { ADS_TXT_SITE_SORT_FIELDS, type AdsTxtSiteRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { SiteName, StatusChip } from './AdsTxtSiteCells';
import { AdsTxtSiteFilters, SITE_FILTER_KEYS, useSiteFilter } from './AdsTxtSiteFilters';
import { SITE_LIST_DEFAULTS } from './AdsTxtSiteList';
import { formatStake, lastCrawl, statusExplanation } from './siteText';

const Col = DataTable.Col<AdsTxtSiteRecord>;

export function FailingAdsTxtSiteList() {
  const { translate, locale } = useI18n();
  const filter = useSiteFilter();
  const list = usePagedList<AdsTxtSiteRecord>('failingAdsTxtSites', {
    defaults: SITE_LIST_DEFAULTS,
    sortFields: ADS_TXT_SITE_SORT_FIELDS,
    filter,
    filterParams: SITE_FILTER_KEYS,
    failureOperation: 'listFailingAdsTxtSites',
  });
  const column = (name: string) => translate(`adsTxtMonitor.columns.${name}`);
  return (
    <ListContextProvider value={list}>
      <PageLayout titleKey="adsTxtMonitor.network.title">
        <Typography>{translate('adsTxtMonitor.network.intro')}</Typography>
        <AdsTxtSiteFilters searchLabel={translate('adsTxtMonitor.network.search')} />
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <ListTable<AdsTxtSiteRecord> label={translate('adsTxtMonitor.network.label')} empty={translate('adsTxtMonitor.network.empty')} failedKey="adsTxtMonitor.list.loadFailed" stackBelow="md">
            <Col source="domain" label={column('domain')} sx={{ verticalAlign: 'top', minWidth: 180 }} render={(site) => <SiteName site={site} />} />
            <Col label={column('publisher')} sx={{ verticalAlign: 'top' }} render={(site) => site.publisher.name} />
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
          </ListTable>
          <ListPagination label={translate('adsTxtMonitor.list.pages')} />
        </Paper>
      </PageLayout>
    </ListContextProvider>
  );
}
