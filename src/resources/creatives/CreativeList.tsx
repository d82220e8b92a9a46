/**
 * /creatives (issue 28, the ad review center): the ads that served on the selected publisher's zones over the
 * period, as a grid of sandboxed previews with their figures, searched by advertiser, domain or id, filtered and
 * sorted in the address (spec section 3) and paged by the server on the shared controller (usePagedList). 'Mark all
 * as seen' sets the user's last-visit mark, which 'New since my last visit' reads.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ListContextProvider } from 'react-admin';
import { ListPagination } from '../../components/list/ListPagination';
import { ListSearch } from '../../components/list/ListSearch';
import { usePagedList } from '../../components/list/usePagedList';
import { PageLayout } from '../../components/PageLayout';
import { CREATIVE_SORT_FIELDS, type CreativeListMeta, type CreativeRecord } from '../../dataProvider/resources';
import { useSession } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import type { ListQueryDefaults } from '../../lib/listQuery';
import { useWrite } from '../../notices/useWrite';
import { useRevenueFormat } from '../restrictions';
import { CREATIVE_FILTER_KEYS, CreativeFilters, useCreativeFilter } from './CreativeFilters';
import { CreativeGrid } from './CreativeGrid';

/** Most impressions first, page 1 of 20 as every list of the portal starts. */
/** The rows are no creative's whole record (no zones, days, other creatives): named so they never stand in for one. */
const CREATIVE_SUMMARIES = { summaries: true };

export const CREATIVE_LIST_DEFAULTS: ListQueryDefaults = { page: 1, perPage: 20, sort: 'impressions', order: 'DESC' };

export function CreativeList() {
  const { translate } = useI18n();
  const filter = useCreativeFilter();
  const list = usePagedList<CreativeRecord>('creatives', {
    defaults: CREATIVE_LIST_DEFAULTS,
    sortFields: CREATIVE_SORT_FIELDS,
    filter,
    filterParams: CREATIVE_FILTER_KEYS,
    failureOperation: 'listCreatives',
    meta: CREATIVE_SUMMARIES,
  });
  const meta = (list as { meta?: CreativeListMeta }).meta;
  const format = useRevenueFormat(meta?.currency);
  const { publisher } = useSession();
  const visit = useWrite('markCreativesVisited', { mutationFn: (publisherId: number, dataProvider) => dataProvider.markCreativesVisited(publisherId), invalidate: ['creatives'] });
  const zoneId = filter.zoneId ? Number(filter.zoneId) : undefined;
  return (
    <ListContextProvider value={list}>
      <PageLayout
        titleKey="creatives.title"
        actions={
          publisher && (
            <Button variant="outlined" disabled={visit.isPending} onClick={() => visit.mutate(publisher.id)}>
              {translate('creatives.markSeen')}
            </Button>
          )
        }
      >
        <Typography>
          {meta ? translate('creatives.intro', { from: format.date(meta.from), to: format.date(meta.to) }) : translate('creatives.introShort')}
        </Typography>
        <ListSearch label={translate('creatives.search')} helperText={translate('creatives.searchHint')} />
        <CreativeFilters />
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <CreativeGrid zoneId={zoneId} />
          <Box>
            <ListPagination label={translate('creatives.list.pages')} />
          </Box>
        </Paper>
      </PageLayout>
    </ListContextProvider>
  );
}
