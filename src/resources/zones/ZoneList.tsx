/**
 * /zones (spec sections 2 'Zones', 4 'Lists', 9): the selected publisher's zones, searchable, sorted and paged
 * by the server, with page, size, sort and search in the address (usePagedList), a button to add a zone and a CSV
 * export of every zone matching the search.
 *
 * States (ListTable): skeleton rows until the first answer; then the rows (an earlier page stays, dimmed, while
 * the next one loads); 'No zones found' only 500 ms after an empty answer; a failed search shows the persistent
 * general error (spec section 8) and a retry in the table.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import AddIcon from '@mui/icons-material/Add';
import { ListContextProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ListPagination } from '../../components/list/ListPagination';
import { ListSearch } from '../../components/list/ListSearch';
import { usePagedList } from '../../components/list/usePagedList';
import { PageLayout } from '../../components/PageLayout';
import { ZONE_SORT_FIELDS, type ZoneListRecord } from '../../dataProvider/resources';
import { useSession } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { ZONES_LIST_DEFAULTS } from '../../lib/listQuery';
import { zonePaths } from '../../routes';
import { ZoneExportButton } from './ZoneExportButton';
import { ZoneTable } from './ZoneTable';
import { useMayCall } from '../../dataProvider/useMayCall';

/** The search answers zone summaries (no domains): never the zone screens' whole records (usePagedList's meta). */
const ZONE_SUMMARIES = { summaries: true };

export function ZoneList() {
  const { translate } = useI18n();
  const list = usePagedList<ZoneListRecord>('zones', {
    defaults: ZONES_LIST_DEFAULTS,
    sortFields: ZONE_SORT_FIELDS,
    failureOperation: 'searchZones',
    meta: ZONE_SUMMARIES,
  });
  const publisherId = useSession().publisher?.id ?? 0;
  const canCreate = useMayCall('requestZone');
  return (
    <ListContextProvider value={list}>
      <PageLayout
        titleKey="zones.title"
        actions={
          <>
            <ZoneExportButton search={String(list.filterValues.q ?? '')} sort={list.sort} publisherId={publisherId} />
            {canCreate && (
              <Button component={RouterLink} to={zonePaths.create} variant="contained" startIcon={<AddIcon />}>
                {translate('zones.list.add')}
              </Button>
            )}
          </>
        }
      >
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Box sx={{ p: 2 }} role="search">
            <ListSearch label={translate('zones.list.search')} helperText={translate('zones.list.searchHint')} />
          </Box>
          <ZoneTable />
          <ListPagination label={translate('zones.list.pages')} />
        </Paper>
      </PageLayout>
    </ListContextProvider>
  );
}
