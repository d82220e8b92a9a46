/**
 * The change history's filters (issue 12): kind of change, author, date range and (on the History page) a zone, as
 * plain parameters of the address, so a filtered view is a bookmark; a change goes back to page 1 (the list
 * context's setFilters). An end before the start is said next to the field and not sent.
 */
import { useId } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import { useGetList, useGetOne } from 'react-admin';
import { usePagedListContext } from '../../components/list/PagedTable';
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
  const ids = useId();
  const list = usePagedListContext<HistoryRecord>();
  const filters = useHistoryFilter(fixedZoneId);
  const authors = useGetList<HistoryAuthorRecord>('historyAuthors');
  const set = (key: FilterKey, value: string) => list.setFilters({ [key]: value });
  const clear = () => list.setFilters(Object.fromEntries(HISTORY_FILTER_KEYS.map((key) => [key, ''])));
  const zoneFilterName = useZoneFilterName(fixedZoneId === undefined ? filters.zoneId : undefined, list.data);
  return (
    <Box role="search" aria-label={translate('history.filters.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <FormControl size="small" sx={{ minWidth: 180 }}>
        <InputLabel id={`${ids}-kind`}>{translate('history.filters.kind')}</InputLabel>
        <Select labelId={`${ids}-kind`} label={translate('history.filters.kind')} value={filters.filter.kind ?? ''} onChange={(event) => set('kind', String(event.target.value))}>
          <MenuItem value="">{translate('history.filters.any')}</MenuItem>
          {PUBLISHER_HISTORY_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {translate(`history.kinds.${kind}`)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ minWidth: 200 }}>
        <InputLabel id={`${ids}-author`}>{translate('history.filters.author')}</InputLabel>
        <Select
          labelId={`${ids}-author`}
          label={translate('history.filters.author')}
          value={authors.data?.some((author) => String(author.id) === filters.filter.authorId) ? String(filters.filter.authorId) : ''}
          onChange={(event) => set('authorId', String(event.target.value))}
        >
          <MenuItem value="">{translate('history.filters.any')}</MenuItem>
          {(authors.data ?? []).map((author) => (
            <MenuItem key={author.id} value={String(author.id)}>
              {author.internal ? `${author.name} · ${translate('history.networkStaff')}` : author.name}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <TextField
        size="small"
        type="date"
        label={translate('history.filters.from')}
        value={filters.get('from')}
        onChange={(event) => set('from', event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label={translate('history.filters.to')}
        value={filters.get('to')}
        onChange={(event) => set('to', event.target.value)}
        error={filters.rangeInvalid}
        helperText={filters.rangeInvalid ? translate('history.filters.toBeforeFrom') : undefined}
        slotProps={{ inputLabel: { shrink: true } }}
      />
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
