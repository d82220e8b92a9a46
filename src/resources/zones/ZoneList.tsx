/**
 * /zones (spec sections 2 'Zones', 4 'Lists', 9): the selected publisher's zones, searchable, sorted and paged
 * by the server, with page, size, sort and search in the address (useListUrlState), a button to add a zone
 * and a CSV export of every zone matching the search.
 *
 * Driven with react-admin's useGetList rather than <List>: <List> syncs its state to the address as a JSON
 * `filter=` parameter, not the spec's plain query (see useListUrlState). The query key still starts with
 * ['zones', 'getList'], so the zone screens' invalidations and react-admin's refresh reach it; the publisher id
 * in `meta` keeps one publisher's cached pages from showing for another.
 *
 * States: skeleton rows until the first answer; then the rows (an earlier page stays, dimmed, while the next
 * one loads); 'No zones found' only 500 ms after an empty answer; a failed search shows the persistent general
 * error and a retry in the table.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import AddIcon from '@mui/icons-material/Add';
import { keepPreviousData } from '@tanstack/react-query';
import { useGetList } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { UrlListPagination } from '../../components/list/ListPagination';
import { SearchBox } from '../../components/list/SearchBox';
import { useLastPageFallback } from '../../components/list/useLastPageFallback';
import { useListUrlState } from '../../components/list/useListUrlState';
import { pagedListPlaceholder, pagedListRows } from '../../components/table/TableStateRows';
import { ZONE_SORT_FIELDS, type ZoneListRecord } from '../../dataProvider/resources';
import { useSession } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { ZONES_LIST_DEFAULTS } from '../../lib/listQuery';
import { PageLayout } from '../../components/PageLayout';
import { useFailureNotice } from '../../notices/useFailureNotice';
import { ZoneExportButton } from './ZoneExportButton';
import { ZONE_COLUMN_COUNT, ZoneListTable } from './ZoneListTable';
import { zonePaths } from '../../routes';

export function ZoneList() {
  const { translate } = useI18n();
  const publisherId = useSession().publisher?.id ?? 0;
  const urlState = useListUrlState(ZONES_LIST_DEFAULTS, ZONE_SORT_FIELDS);
  const { query, toggleSort, setSearch } = urlState;
  const search = query.search.trim();
  const sort = { field: query.sort, order: query.order };

  const list = useGetList<ZoneListRecord>(
    'zones',
    {
      pagination: { page: query.page, perPage: query.perPage },
      sort,
      filter: search ? { q: search } : {},
      meta: { publisherId },
    },
    { placeholderData: keepPreviousData },
  );
  const { isFetching, isPlaceholderData } = list;
  // A refetch of rows already shown that fails keeps them (the app says they may be out of date); a search that
  // brought nothing to show is the failure in the table.
  const { rows, busy } = pagedListRows(list);

  // Spec section 8: a failed zone search shows the general error, which never fades; a later success takes it away.
  useFailureNotice('searchZones', list);
  useLastPageFallback(urlState, list);

  // Skeleton rows until the empty state shows (spec sections 2 and 9: 500 ms after an empty answer).
  const placeholder = pagedListPlaceholder(list, {
    colSpan: ZONE_COLUMN_COUNT,
    failedKey: 'zones.list.loadFailed',
    empty: translate('zones.list.empty'),
    pageKey: `${search}|${query.page}|${query.perPage}`,
  });

  return (
    <PageLayout
      titleKey="zones.title"
      actions={
        <>
          <ZoneExportButton search={search} sort={sort} publisherId={publisherId} />
          <Button component={RouterLink} to={zonePaths.create} variant="contained" startIcon={<AddIcon />}>
            {translate('zones.list.add')}
          </Button>
        </>
      }
    >
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ p: 2 }} role="search">
          <SearchBox value={query.search} onSearch={setSearch} label={translate('zones.list.search')} helperText={translate('zones.list.searchHint')} />
        </Box>
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label={translate('common.loading')} />}</Box>
        <Box sx={{ overflowX: 'auto' }}>
          <ZoneListTable zones={rows} sort={sort} onSort={toggleSort} stale={isPlaceholderData} busy={busy} placeholder={placeholder} />
        </Box>
        <UrlListPagination state={urlState} answer={list} label={translate('zones.list.pages')} />
      </Paper>
    </PageLayout>
  );
}
