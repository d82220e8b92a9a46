/**
 * The review's filters (issue 28), plain parameters of the address like every list's (spec section 3): period, zone,
 * format, size, category, blocked and 'new since my last visit'; an advertiser chosen from a card shows as a chip to
 * clear. The sort (impressions, revenue, newest; most first) is the list's own `sortBy`. A change goes back to page 1.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useGetList, useListContext } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { FilterSelect } from '../../components/list/FilterSelect';
import { CREATIVE_FORMATS, CREATIVE_PERIODS, CREATIVE_SORT_FIELDS, type CreativeRecord, type ZoneListRecord } from '../../dataProvider/resources';
import { useReference } from '../../dataProvider/useReference';
import { useI18n } from '../../i18n/I18nContext';

export const CREATIVE_FILTER_KEYS = ['period', 'zoneId', 'advertiserId', 'category', 'format', 'adSize', 'newSinceLastVisit', 'blocked'] as const;
type FilterKey = (typeof CREATIVE_FILTER_KEYS)[number];
/** The sizes the network serves (display, video and native), WIDTHxHEIGHT as the contract's adSize. */
const AD_SIZES = ['300x250', '728x90', '160x600', '320x50', '300x600', '970x250', '640x360', '1280x720', '1200x627', '600x600'];
const ZONE_PAGE = { page: 1, perPage: 100 };
const BY_NAME = { field: 'name', order: 'ASC' } as const;
/** The zone search answers summaries: named so its rows never stand in for the zone screens' whole records. */
const ZONE_SUMMARIES = { summaries: true };

/** The filters as the address states them; the data provider checks each before it is sent. */
export function useCreativeFilter(): Partial<Record<FilterKey, string>> {
  const [params] = useSearchParams();
  const filter: Partial<Record<FilterKey, string>> = {};
  CREATIVE_FILTER_KEYS.forEach((key) => {
    const value = params.get(key);
    if (value) filter[key] = value;
  });
  return filter;
}

export function CreativeFilters() {
  const { translate, locale } = useI18n();
  const list = useListContext<CreativeRecord>();
  const filter = useCreativeFilter();
  // The options of the zone and category filters are read once the grid has its answer: the server (one database
  // connection with PGlite) answers the grid first, and the previews start sooner (bench:ad-review, issue 28).
  const optionsWanted = !list.isPending;
  const zones = useGetList<ZoneListRecord>('zones', { pagination: ZONE_PAGE, sort: BY_NAME, meta: ZONE_SUMMARIES }, { enabled: optionsWanted });
  const categories = useReference('iabCategories', { language: locale }, { enabled: optionsWanted });
  const set = (key: FilterKey, value: string) => list.setFilters({ [key]: value });
  const any = (key: string) => ({ value: '', label: translate(`creatives.filters.any.${key}`) });
  const advertiser = filter.advertiserId ? list.data?.find((creative) => String(creative.advertiser.id) === filter.advertiserId)?.advertiser : undefined;
  // Most first: the order a review reads; page back to 1.
  const sortBy = (field: string) => list.setSort({ field, order: 'DESC' });
  return (
    <Box role="search" aria-label={translate('creatives.filters.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <FilterSelect
        label={translate('creatives.filters.sort')}
        minWidth={160}
        value={list.sort.field}
        options={CREATIVE_SORT_FIELDS.map((field) => ({ value: field, label: translate(`creatives.sort.${field}`) }))}
        onChange={sortBy}
      />
      <FilterSelect
        label={translate('creatives.filters.period')}
        minWidth={160}
        value={filter.period ?? '30'}
        options={[...CREATIVE_PERIODS].reverse().map((days) => ({ value: days, label: translate('creatives.filters.days', { smart_count: Number(days) }) }))}
        onChange={(value) => set('period', value === '30' ? '' : value)}
      />
      <FilterSelect
        label={translate('creatives.filters.zone')}
        value={String(filter.zoneId ?? '')}
        options={[any('zone'), ...(zones.data ?? []).map((zone) => ({ value: String(zone.id), label: zone.name }))]}
        onChange={(value) => set('zoneId', value)}
      />
      <FilterSelect
        label={translate('creatives.filters.format')}
        minWidth={140}
        value={filter.format ?? ''}
        options={[any('format'), ...CREATIVE_FORMATS.map((format) => ({ value: format, label: translate(`creatives.formats.${format}`) }))]}
        onChange={(value) => set('format', value)}
      />
      <FilterSelect label={translate('creatives.filters.size')} minWidth={140} value={filter.adSize ?? ''} options={[any('size'), ...AD_SIZES.map((size) => ({ value: size, label: size }))]} onChange={(value) => set('adSize', value)} />
      <FilterSelect
        label={translate('creatives.filters.category')}
        value={filter.category ?? ''}
        options={[any('category'), ...(categories.data ?? []).map((category) => ({ value: category.id, label: `${category.id} ${category.name}` }))]}
        onChange={(value) => set('category', value)}
      />
      <FilterSelect
        label={translate('creatives.filters.blocked')}
        minWidth={160}
        value={filter.blocked ?? ''}
        options={[any('blocked'), { value: 'true', label: translate('creatives.filters.blockedOnly') }, { value: 'false', label: translate('creatives.filters.notBlocked') }]}
        onChange={(value) => set('blocked', value)}
      />
      <FormControlLabel
        control={<Switch checked={filter.newSinceLastVisit === 'true'} onChange={(event) => set('newSinceLastVisit', event.target.checked ? 'true' : '')} />}
        label={translate('creatives.filters.new')}
      />
      {filter.advertiserId && (
        <Chip
          label={translate('creatives.filters.advertiser', { name: advertiser?.name ?? `#${filter.advertiserId}` })}
          onDelete={() => set('advertiserId', '')}
        />
      )}
    </Box>
  );
}
