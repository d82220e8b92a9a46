/**
 * The change history of the selected publisher (issue 12), or of one of its zones: when, who, what (the readable
 * diff, linking to the object) and Undo; newest first, paged by the server (page 1 of 20 rows, sizes 10/20/50/100),
 * filtered by kind of change, author, date range and (on the History page) a zone. Page, size and filters live in
 * the address, so a filtered view is a bookmark; a filter change goes back to page 1.
 *
 * Shared by the History page (account settings) and the zone's History tab, so both read and undo alike. Driven
 * with useGetList rather than <List>, as the other lists are, for the plain query in the address
 * (useListUrlState; react-admin's location sync writes JSON).
 *
 * Undo is a write (useWrite: pending, success, failure notices). A refusal says why in the user's language: the
 * object changed since (naming what, from the answer's details read against the entry), already undone, not
 * reversible, not allowed. Entries by network staff are marked as such; the signed-in user's own say '(you)'.
 */
import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UndoIcon from '@mui/icons-material/Undo';
import { keepPreviousData } from '@tanstack/react-query';
import { useGetList, useGetOne } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { apiErrorCode } from '../../dataProvider/client';
import type { HistoryAuthorRecord, HistoryFilter, HistoryRecord, ZoneRecord } from '../../dataProvider/resources';
import { useSession } from '../../dataProvider/session';
import { formatMoment } from '../../i18n/formats';
import { useI18n } from '../../i18n/I18nContext';
import type { Translate } from '../../i18n/translate';
import { useFailureNotice } from '../../notices/useFailureNotice';
import { useWrite } from '../../notices/useWrite';
import { paths, zonePaths } from '../../routes';
import { conflictSubjects, PUBLISHER_HISTORY_KINDS, type ConflictSubject } from '../../lib/history';
import type { ListQueryDefaults } from '../../lib/listQuery';
import { UrlListPagination } from '../../components/list/ListPagination';
import { useLastPageFallback } from '../../components/list/useLastPageFallback';
import { useListUrlState } from '../../components/list/useListUrlState';
import { pagedListPlaceholder, pagedListRows } from '../../components/table/TableStateRows';
import { HistoryChange } from './HistoryChange';

/** Newest first (the only order), page 1 of 20 rows as every list of the portal starts. */
export const HISTORY_DEFAULTS: ListQueryDefaults = { page: 1, perPage: 20, sort: 'at', order: 'DESC' };
const NO_SORT_FIELDS: readonly string[] = [];
const COLUMNS = 4;
/** The address's filter parameters (the list's own page, size and order are useListUrlState's). */
export const HISTORY_FILTER_KEYS = ['kind', 'authorId', 'from', 'to', 'zoneId'] as const;
type FilterKey = (typeof HISTORY_FILTER_KEYS)[number];

/** The resources an undo may change, refetched after it. */
const UNDO_REFRESHES = ['history', 'historyAuthors', 'zones', 'zoneServices', 'blockedUrls', 'restrictions', 'zoneDomainSelfIdentifiers', 'revenueAtStake'];

/** Where the changed object is, when it has a screen. */
function objectLink(entry: HistoryRecord): string | undefined {
  const zone = entry.zone;
  switch (entry.kind) {
    case 'ZONE':
    case 'PRODUCTS':
    case 'BLOCKED_URLS':
      return zone ? zonePaths.overview(zone.id) : undefined;
    case 'SLOTS':
      return zone ? zonePaths.edit(zone.id, 'slots') : undefined;
    case 'BLOCKS':
      return zone ? zonePaths.edit(zone.id, 'blocking') : paths.globalBlocks;
    case 'SELF_IDENTIFIERS':
      return paths.inclusiveInventory;
    default:
      return undefined;
  }
}

function subjectText(subject: ConflictSubject, translate: Translate): string {
  switch (subject.type) {
    case 'field':
      return translate(`history.undo.what.${subject.field}`);
    case 'item':
      return translate('history.undo.what.item', { name: subject.name });
    case 'products':
      return translate('history.undo.what.products');
    case 'selfIdentifiers':
      return translate('history.undo.what.selfIdentifiers', { domain: subject.domain });
  }
}

const detailFields = (error: unknown): string[] => {
  const body = (error as { body?: { details?: { field?: unknown }[] } } | null)?.body;
  return (body?.details ?? []).map((detail) => detail.field).filter((field): field is string => typeof field === 'string');
};

/** The failure message of a refused undo (the refusals the contract names), else the general error. */
function undoFailureKey(error: unknown): string | undefined {
  switch (apiErrorCode(error)) {
    case 'UNDO_CONFLICT':
      return 'history.undo.conflict';
    case 'ALREADY_UNDONE':
      return 'history.undo.alreadyUndone';
    case 'NOT_REVERSIBLE':
      return 'history.undo.notReversible';
    case 'FORBIDDEN':
      return 'history.undo.forbidden';
    case 'CLUSIVITY_CONFLICT':
      return 'history.undo.clusivity';
    default:
      return undefined;
  }
}

function useUndo() {
  const { translate } = useI18n();
  return useWrite('undoHistoryEntry', {
    mutationFn: (entry: HistoryRecord, dataProvider) => dataProvider.create('history', { data: { undoes: entry.id } }),
    invalidate: UNDO_REFRESHES,
    failureKey: undoFailureKey,
    // A conflict names what changed, read from the answer's details against the entry ('the name', '"Acme"').
    failureValues: (error, entry) => {
      if (apiErrorCode(error) !== 'UNDO_CONFLICT') return undefined;
      const subjects = conflictSubjects(entry, detailFields(error));
      return { what: subjects.length ? subjects.map((subject) => subjectText(subject, translate)).join(', ') : translate('history.undo.what.object') };
    },
  });
}

function Author({ entry, currentUserId }: { entry: HistoryRecord; currentUserId: number | undefined }) {
  const { translate } = useI18n();
  const { author } = entry;
  const name = author.id === currentUserId ? translate('history.you', { name: author.name }) : author.name;
  return (
    <>
      <Typography variant="body2">{name}</Typography>
      {author.internal ? (
        <Chip size="small" variant="outlined" color="secondary" label={translate('history.networkStaff')} sx={{ mt: 0.5, maxWidth: '100%' }} />
      ) : (
        author.email && (
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {author.email}
          </Typography>
        )
      )}
    </>
  );
}

function What({ entry, inZone }: { entry: HistoryRecord; inZone: boolean }) {
  const { translate } = useI18n();
  const link = inZone ? undefined : objectLink(entry);
  const place = entry.zone?.name ?? (entry.kind === 'BLOCKS' ? translate('menu.globalAdvertiserBlocks') : entry.kind === 'SELF_IDENTIFIERS' ? translate('menu.inclusiveInventoryProgram') : translate('history.publisherWide'));
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {translate(`history.kinds.${entry.kind}`)}
        {!inZone && (
          <>
            {' · '}
            {link ? (
              <Link component={RouterLink} to={link} underline="always">
                {place}
              </Link>
            ) : (
              place
            )}
          </>
        )}
      </Typography>
      <HistoryChange entry={entry} />
    </>
  );
}

function UndoCell({ entry, undo }: { entry: HistoryRecord; undo: ReturnType<typeof useUndo> }) {
  const { translate } = useI18n();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      {entry.reversible && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<UndoIcon aria-hidden />}
          aria-label={translate('history.undo.label', { id: entry.id })}
          disabled={undo.isPending}
          onClick={() => undo.mutate(entry)}
        >
          {translate('history.undo.action')}
        </Button>
      )}
      {entry.undoneBy !== null && (
        <Typography variant="caption" color="text.secondary">
          {translate('history.undo.undoneBy', { id: entry.undoneBy })}
        </Typography>
      )}
      {entry.undoes !== null && (
        <Typography variant="caption" color="text.secondary">
          {translate('history.undo.undoes', { id: entry.undoes })}
        </Typography>
      )}
    </Box>
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function useHistoryFilters(fixedZoneId: number | undefined) {
  const [params, setParams] = useSearchParams();
  const get = (key: FilterKey) => params.get(key) ?? '';
  const set = (key: FilterKey, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(key);
        else next.set(key, value);
        next.delete('page');
        return next;
      },
      { replace: key === 'from' || key === 'to' },
    );
  const clear = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of HISTORY_FILTER_KEYS) next.delete(key);
      next.delete('page');
      return next;
    });
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
  const active = HISTORY_FILTER_KEYS.some((key) => key !== 'zoneId' || fixedZoneId === undefined ? get(key) !== '' : false);
  return { filter, zoneId, get, set, clear, rangeInvalid, active };
}

export interface HistoryListProps {
  /** The zone tab's zone: the list shows only its entries and no zone filter. */
  zoneId?: number;
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

export function HistoryList({ zoneId }: HistoryListProps) {
  const { translate, locale } = useI18n();
  const ids = useId();
  const { publisher, token } = useSession();
  const publisherId = publisher?.id ?? 0;
  const urlState = useListUrlState(HISTORY_DEFAULTS, NO_SORT_FIELDS);
  const { query } = urlState;
  const filters = useHistoryFilters(zoneId);
  const list = useGetList<HistoryRecord>(
    'history',
    { pagination: { page: query.page, perPage: query.perPage }, filter: filters.filter, meta: { publisherId } },
    { placeholderData: keepPreviousData },
  );
  const { data, isFetching, isPlaceholderData } = list;
  useFailureNotice('listHistory', list);
  useLastPageFallback(urlState, list);
  const authors = useGetList<HistoryAuthorRecord>('historyAuthors', { meta: { publisherId } });
  const undo = useUndo();
  const column = (name: string) => translate(`history.columns.${name}`);
  const inZone = zoneId !== undefined;

  const placeholder = pagedListPlaceholder(list, {
    colSpan: COLUMNS,
    failedKey: 'history.loadFailed',
    empty: translate('history.empty'),
    pageKey: `${query.page}|${query.perPage}|${JSON.stringify(filters.filter)}`,
  });
  const { rows, busy } = pagedListRows(list);
  const zoneFilterName = useZoneFilterName(inZone ? undefined : filters.zoneId, data);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box role="search" aria-label={translate('history.filters.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id={`${ids}-kind`}>{translate('history.filters.kind')}</InputLabel>
          <Select
            labelId={`${ids}-kind`}
            label={translate('history.filters.kind')}
            value={filters.filter.kind ?? ''}
            onChange={(event) => filters.set('kind', String(event.target.value))}
          >
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
            onChange={(event) => filters.set('authorId', String(event.target.value))}
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
          onChange={(event) => filters.set('from', event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={translate('history.filters.to')}
          value={filters.get('to')}
          onChange={(event) => filters.set('to', event.target.value)}
          error={filters.rangeInvalid}
          helperText={filters.rangeInvalid ? translate('history.filters.toBeforeFrom') : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {zoneFilterName !== undefined && (
          <Chip
            label={translate('history.filters.zone', { name: zoneFilterName })}
            onDelete={() => filters.set('zoneId', '')}
            title={translate('history.filters.removeZone')}
          />
        )}
        {filters.active && (
          <Button onClick={filters.clear} sx={{ alignSelf: 'center' }}>
            {translate('history.filters.clear')}
          </Button>
        )}
      </Box>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>{(isFetching || undo.isPending) && <LinearProgress aria-label={translate('common.loading')} />}</Box>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('history.label')} aria-busy={busy}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{column('when')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{column('who')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{column('what')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{column('actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody sx={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
              {rows && rows.length > 0
                ? rows.map((entry) => (
                    <TableRow key={entry.id} hover>
                      <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                        <Typography variant="body2">{formatMoment(entry.at, locale)}</Typography>
                        <Typography variant="caption" color="text.secondary">
                          {translate('history.entryNumber', { id: entry.id })}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ verticalAlign: 'top', minWidth: 140 }}>
                        <Author entry={entry} currentUserId={token?.user.id} />
                      </TableCell>
                      <TableCell sx={{ verticalAlign: 'top', minWidth: 220 }}>
                        <What entry={entry} inZone={inZone} />
                        {!inZone && entry.zone && filters.filter.zoneId === undefined && (
                          <Button size="small" onClick={() => filters.set('zoneId', String(entry.zone?.id))} sx={{ px: 0, mt: 0.5 }}>
                            {translate('history.filters.onlyZone', { name: entry.zone.name })}
                          </Button>
                        )}
                      </TableCell>
                      <TableCell sx={{ verticalAlign: 'top' }}>
                        <UndoCell entry={entry} undo={undo} />
                      </TableCell>
                    </TableRow>
                  ))
                : placeholder}
            </TableBody>
          </Table>
        </Box>
        <UrlListPagination state={urlState} answer={list} label={translate('history.pages')} />
      </Paper>
    </Box>
  );
}
