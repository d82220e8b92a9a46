/**
 * The monitor lists' filters (issue 27): the domain search (searchTerm) and the status as a plain `status`
 * parameter of the address ('failing' for every status that needs the publisher to act); a change goes back to
 * page 1. A hand-edited address with an unknown status shows every site.
 */
import Box from '@mui/material/Box';
import { useListContext } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { FilterSelect } from '../../components/list/FilterSelect';
import { ListSearch } from '../../components/list/ListSearch';
import { ADS_TXT_STATUSES, type AdsTxtSiteFilter, type AdsTxtSiteRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';

export const SITE_FILTER_KEYS = ['status'] as const;
const STATUS_VALUES: readonly string[] = ['failing', ...ADS_TXT_STATUSES];

export function useSiteFilter(): AdsTxtSiteFilter {
  const [params] = useSearchParams();
  const status = params.get('status') ?? '';
  return { status: STATUS_VALUES.includes(status) ? status : undefined };
}

export function AdsTxtSiteFilters({ searchLabel }: { searchLabel: string }) {
  const { translate } = useI18n();
  const list = useListContext<AdsTxtSiteRecord>();
  const filter = useSiteFilter();
  const options = ['', ...STATUS_VALUES].map((value) => ({ value, label: translate(`adsTxtMonitor.filters.statuses.${value || 'all'}`) }));
  return (
    <Box role="search" aria-label={translate('adsTxtMonitor.filters.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <ListSearch label={searchLabel} />
      <FilterSelect label={translate('adsTxtMonitor.filters.status')} value={filter.status ?? ''} options={options} onChange={(status) => list.setFilters({ status })} />
    </Box>
  );
}
