/**
 * The change history's filters (issue 12): kind of change, author, date range and (on the History page) a zone, as
 * plain parameters of the address, so a filtered view is a bookmark; a change goes back to page 1 (the list
 * context's setFilters). An end before the start is said next to the field and not sent.
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import { useGetList, useGetOne, useListContext } from 'react-admin';
import { FilterSelect } from '../../components/list/FilterSelect';
import { useSearchParams } from 'react-router-dom';
import type { HistoryAuthorRecord, HistoryFilter, HistoryRecord, ZoneRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { PUBLISHER_HISTORY_KINDS } from '../../lib/history';

/** The address's filter parameters (the list's own page, size and order are the paged list's). */
export const HISTORY_FILTER_KEYS = ['kind', 'authorId', 'from', 'to', 'zoneId'] as const;
type FilterKey = (typeof HISTORY_FILTER_KEYS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The history's filters as the address states them: what is sent (`filter`, each value checked so a hand-edited
 * address still shows a list) and what the fields show. The zone tab's zone is fixed and never in the address.
 */
export function useHistoryFilter(fixedZoneId: number | undefined) {
  const [params] = useSearchParams();
  const get = (key: FilterKey) => params.get(key) ?? '';
  const from = DAY.test(get('from')) ? get('from') : '';
  const to = DAY.test(get('to')) ? get('to') : '';
  const rangeInvalid = from !== '' && to !== '' && to < from;
  const zoneId = fixedZoneId ?? (/^\d{1,10}$/.test(get('zoneId')) ? Number(get('zoneId')) : undefined);
  const filter: HistoryFilter = {
    zoneId,
    kind: (PUBLISHER_HISTORY_KINDS as readonly string[]).includes(get('kind')) ? get('kind') : undefined,
    authorId: /^\d{1,10}$/.test(get('authorId')) ? get('authorId') : undefined,
    from: from || undefined,
    // An end before the start is said next to the field and not sent.
    to: rangeInvalid ? undefined : to || undefined,
  };
  const active = HISTORY_FILTER_KEYS.some((key) => (key !== 'zoneId' || fixedZoneId === undefined ? get(key) !== '' : false));
  return { filter, zoneId, get, rangeInvalid, active };
}

/**
 * The name on the History page's zone filter chip: from the page's entries (all of that zone), or, when the page
 * has none (a bookmark whose other filters match nothing), from the zone itself; '#id' for a zone since deleted.
 */
function useZoneFilterName(zoneId: number | undefined, entries: readonly HistoryRecord[] | undefined): string | undefined {
  const onPage = zoneId === undefined ? undefined : entries?.find((entry) => entry.zone?.id === zoneId)?.zone?.name;
  const zone = useGetOne<ZoneRecord>('zones', { id: zoneId ?? 0 }, { enabled: zoneId !== undefined && entries !== undefined && onPage === undefined });
  if (zoneId === undefined) return undefined;
  return onPage ?? zone.data?.name ?? `#${zoneId}`;
}


/** The filter fields above the list; they write through the list context (page back to 1). */
export function HistoryFilters({ fixedZoneId }: { fixedZoneId: number | undefined }) {
  const { translate } = useI18n();
  const list = useListContext<HistoryRecord>();
  const filters = useHistoryFilter(fixedZoneId);
  const authors = useGetList<HistoryAuthorRecord>('historyAuthors');
  const set = (key: FilterKey, value: string) => list.setFilters({ [key]: value });
  const clear = () => list.setFilters(Object.fromEntries(HISTORY_FILTER_KEYS.map((key) => [key, ''])));
  const zoneFilterName = useZoneFilterName(fixedZoneId === undefined ? filters.zoneId : undefined, list.data);
  return (
    <Box role="search" aria-label={translate('history.filters.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <FilterSelect
        label={translate('history.filters.kind')}
        minWidth={180}
        value={filters.filter.kind ?? ''}
        options={[{ value: '', label: translate('history.filters.any') }, ...PUBLISHER_HISTORY_KINDS.map((kind) => ({ value: kind, label: translate(`history.kinds.${kind}`) }))]}
        onChange={(value) => set('kind', value)}
      />
      <FilterSelect
        label={translate('history.filters.author')}
        value={authors.data?.some((author) => String(author.id) === filters.filter.authorId) ? String(filters.filter.authorId) : ''}
        options={[
          { value: '', label: translate('history.filters.any') },
          ...(authors.data ?? []).map((author) => ({ value: String(author.id), label: author.internal ? `${author.name} · ${translate('history.networkStaff')}` : author.name })),
        ]}
        onChange={(value) => set('authorId', value)}
      />
      {(['from', 'to'] as const).map((end) => {
        // The end of the range says when it comes before its start.
        const wrong = end === 'to' && filters.rangeInvalid;
        return (
          <TextField
            key={end}
            size="small"
            fullWidth={false}
            type="date"
            label={translate(`history.filters.${end}`)}
            value={filters.get(end)}
            onChange={(event) => set(end, event.target.value)}
            error={wrong}
            helperText={wrong ? translate('history.filters.toBeforeFrom') : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        );
      })}
      {zoneFilterName !== undefined && (
        <Chip
          label={translate('history.filters.zone', { name: zoneFilterName })}
          onDelete={() => set('zoneId', '')}
          title={translate('history.filters.removeZone')}
          sx={{ maxWidth: '100%' }}
        />
      )}
      {filters.active && (
        <Button onClick={clear} sx={{ alignSelf: 'center' }}>
          {translate('history.filters.clear')}
        </Button>
      )}
    </Box>
  );
}
