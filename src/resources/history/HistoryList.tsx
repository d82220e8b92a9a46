/**
 * The change history of the selected publisher (issue 12), or of one of its zones: when, who, what (the readable
 * diff, linking to the object) and Undo; newest first, paged by the server (page 1 of 20 rows, sizes 10/20/50/100),
 * filtered by kind of change, author, date range and (on the History page) a zone. Page, size and filters live in
 * the address, so a filtered view is a bookmark; a filter change goes back to page 1.
 *
 * Shared by the History page (account settings) and the zone's History tab, so both read and undo alike. On the
 * paged list controller (usePagedList, ListTable) as every server-paged list; its parts: HistoryFilters, the
 * cells (HistoryCells), the undo with its refusals (useUndo).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataTable, ListContextProvider } from 'react-admin';
import { ListPagination } from '../../components/list/ListPagination';
import { ListTable } from '../../components/list/ListTable';
import { usePagedList } from '../../components/list/usePagedList';
import type { HistoryRecord } from '../../dataProvider/resources';
import { useSession } from '../../dataProvider/session';
import { formatMoment } from '../../i18n/formats';
import { useI18n } from '../../i18n/I18nContext';
import type { ListQueryDefaults } from '../../lib/listQuery';
import { Author, UndoCell, What } from './HistoryCells';
import { HISTORY_FILTER_KEYS, HistoryFilters, useHistoryFilter } from './HistoryFilters';
import { useMayUndo, useUndo } from './useUndo';

/** Newest first (the only order), page 1 of 20 rows as every list of the portal starts. */
export const HISTORY_DEFAULTS: ListQueryDefaults = { page: 1, perPage: 20, sort: 'at', order: 'DESC' };
/** Dates are typed in several steps: their changes replace the address instead of leaving a trail. */
const TYPED_FILTERS = ['from', 'to'] as const;
const Col = DataTable.Col<HistoryRecord>;

export interface HistoryListProps {
  /** The zone tab's zone: the list shows only its entries and no zone filter. */
  zoneId?: number;
}

export function HistoryList({ zoneId }: HistoryListProps) {
  const { translate, locale } = useI18n();
  const { token } = useSession();
  const { filter } = useHistoryFilter(zoneId);
  const list = usePagedList<HistoryRecord>('history', {
    defaults: HISTORY_DEFAULTS,
    // The language too: the IAB categories of blocks are named in it (issue 21).
    filter: { ...filter, language: locale },
    filterParams: HISTORY_FILTER_KEYS,
    typedParams: TYPED_FILTERS,
    failureOperation: 'listHistory',
  });
  const undo = useUndo();
  const mayUndo = useMayUndo();
  const column = (name: string) => translate(`history.columns.${name}`);
  const inZone = zoneId !== undefined;
  return (
    <ListContextProvider value={list}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <HistoryFilters fixedZoneId={zoneId} />
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          {/* Cards below 900 px: a phone shows every entry with its Undo, no sideways scroll (issue 21). */}
          <ListTable<HistoryRecord> label={translate('history.label')} empty={translate('history.empty')} failedKey="history.loadFailed" pending={undo.isPending} stackBelow="md">
            <Col
              label={column('when')}
              sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}
              render={(entry) => (
                <>
                  <Typography variant="body2">{formatMoment(entry.at, locale)}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {translate('history.entryNumber', { id: entry.id })}
                  </Typography>
                </>
              )}
            />
            <Col label={column('who')} sx={{ verticalAlign: 'top', minWidth: 140, maxWidth: 260 }} render={(entry) => <Author entry={entry} currentUserId={token?.user.id} />} />
            {/* 'anywhere': a long unbroken name (255 characters) wraps instead of widening the table past its Undo. */}
            <Col
              label={column('what')}
              sx={{ verticalAlign: 'top', minWidth: 220, overflowWrap: 'anywhere' }}
              render={(entry) => (
                <>
                  <What entry={entry} inZone={inZone} />
                  {!inZone && entry.zone && filter.zoneId === undefined && (
                    <Button
                      size="small"
                      onClick={() => list.setFilters({ zoneId: String(entry.zone?.id) })}
                      sx={{ px: 0, mt: 0.5, textAlign: 'left', justifyContent: 'flex-start', overflowWrap: 'anywhere', minWidth: 0 }}
                    >
                      {translate('history.filters.onlyZone', { name: entry.zone.name })}
                    </Button>
                  )}
                </>
              )}
            />
            <Col label={column('actions')} data-stacked={false} sx={{ verticalAlign: 'top' }} render={(entry) => <UndoCell entry={entry} undo={undo} allowed={mayUndo(entry)} />} />
          </ListTable>
          <ListPagination label={translate('history.pages')} />
        </Paper>
      </Box>
    </ListContextProvider>
  );
}
