/**
 * A blocked list (spec sections 2 'Blocking', 4 'Block deletion'; issue 21 defects 8 and 9), on the shared paged
 * list controller (usePagedList, in the ListContext its section provides): the server pages and filters it, so a
 * list of 25,000 blocks shows its first page at once and answers each keystroke of its filter. One way through it:
 * pages (no inner scroll in a 500 px card, which hid rows behind two ways to move). Rows that cannot be removed here
 * (a zone's Global blocks, inclusion lists, advertiser blocks for staff) have no checkbox and no delete button; the
 * actions column shows only when some row has an action.
 *
 * Removal, each after the 'proceed with caution' confirmation naming the publisher (and zone) it acts on: one row
 * (its own button), the selected rows (across pages), or every row the filter matches ('Select all N matching'),
 * which the server removes by the filter in one change, however many they are.
 */
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { BulkActionsToolbar, DataTable, ListContextProvider, SelectAllButton, useListContext, type Identifier, type ListControllerResult } from 'react-admin';
import type { BlockRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListPagination } from '../../components/list/ListPagination';
import { ListSearch } from '../../components/list/ListSearch';
import { ListTable } from '../../components/list/ListTable';
import type { PagedList } from '../../components/list/usePagedList';

export interface BlockedListRow {
  label: string;
  /** Shown under the label (an advertiser's id, a sub-category's parent). */
  detail?: string;
  /** Chips after the label ('Global', 'Included'). */
  badges?: ReactNode;
  removable: boolean;
  /** A per-row action besides delete (the IAB parent's edit link). */
  action?: ReactNode;
}

/** What the user asked to remove: some rows by id, or every row the filter matches (`count` of them). */
export type Removal = { kind: 'ids'; ids: BlockRecord['id'][]; names: string[] } | { kind: 'matching'; count: number; searchTerm: string };

export interface BlockedListProps {
  /** The section's title: names the table, the filter and the pages. */
  title: string;
  /** The name column's header: what a row is ('Blocked', or 'Included' for an inclusion list). */
  nameHeader: string;
  toRow: (record: BlockRecord) => BlockedListRow;
  /** Matching rows this user may remove (the server's count). */
  removable: number;
  empty: ReactNode;
  deleting: boolean;
  /** The confirmation's line naming the publisher (and zone) the removal acts on. */
  targetLine: string;
  /** Absent for a role that may not remove blocks (issue 22): no selection and no delete. */
  onDelete?: (removal: Removal) => void;
}

const Col = DataTable.Col<BlockRecord>;

export function BlockedList({ title, nameHeader, toRow, removable, empty, deleting, targetLine, onDelete }: BlockedListProps) {
  const { translate, locale } = useI18n();
  // usePagedList's context (BlockingSection), with its select-all-matching state.
  const list = useListContext<BlockRecord>() as PagedList<BlockRecord>;
  const [confirming, setConfirming] = useState<Removal | null>(null);
  const rows = (list.data ?? []).map((record) => ({ record, row: toRow(record) }));
  const rowOf = new Map(rows.map(({ record, row }) => [record.id, row]));
  const pageIds: Identifier[] = rows.filter(({ row }) => row.removable).map(({ record }) => record.id);
  const all = list.allMatchingSelected;
  const selected = new Set(list.selectedIds);
  const isChecked = (id: Identifier) => all || selected.has(id as number);
  const allOnPage = pageIds.length > 0 && pageIds.every(isChecked);
  const chosenCount = all ? removable : list.selectedIds.length;
  const search = String(list.filterValues.q ?? '');
  const count = (n: number) => n.toLocaleString(locale);
  const hasActions = removable > 0 || rows.some(({ row }) => row.action !== undefined);

  const togglePage = (on: boolean) => {
    if (on) list.onSelect([...new Set([...list.selectedIds, ...(pageIds as BlockRecord['id'][])])]);
    else if (all) list.onUnselectItems();
    else list.onSelect(list.selectedIds.filter((id) => !pageIds.includes(id)));
  };
  // Unticking one row of 'all matching' leaves the rest of this page selected: the rows the user sees.
  const toggleRow = (id: BlockRecord['id']) => (all ? list.onSelect(pageIds.filter((other) => other !== id) as BlockRecord['id'][]) : list.onToggleItem(id));

  const askSelected = () =>
    setConfirming(
      all
        ? { kind: 'matching', count: removable, searchTerm: search }
        : {
            kind: 'ids',
            ids: [...list.selectedIds],
            // Named only when all of them are on this page (a selection across pages is counted, not listed).
            names: list.selectedIds.every((id) => rowOf.has(id)) ? list.selectedIds.map((id) => rowOf.get(id)?.label ?? '') : [],
          },
    );
  const confirmCount = confirming === null ? 0 : confirming.kind === 'matching' ? confirming.count : confirming.ids.length;

  const name = (record: BlockRecord) => {
    const row = rowOf.get(record.id);
    return (
      <>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <span>{row?.label}</span>
          {row?.badges}
        </Box>
        {row?.detail && (
          <Typography variant="body2" color="text.secondary">
            {row.detail}
          </Typography>
        )}
      </>
    );
  };
  const actions = (record: BlockRecord) => {
    const row = rowOf.get(record.id);
    return (
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
        {row?.action}
        {row?.removable && (
          <Tooltip title={translate('blocking.list.deleteOne', { name: row.label })}>
            <IconButton
              size="small"
              aria-label={translate('blocking.list.deleteOne', { name: row.label })}
              disabled={deleting}
              onClick={() => setConfirming({ kind: 'ids', ids: [record.id], names: [row.label] })}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
    );
  };
  const countValues = { smart_count: removable, count: count(removable), filter: search };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <ListSearch label={translate('blocking.list.filter', { section: title })} debounceMs={0} />
        {onDelete && removable > 0 && (
          <Button color="error" variant="outlined" startIcon={<DeleteIcon aria-hidden />} disabled={chosenCount === 0 || deleting} onClick={askSelected}>
            {chosenCount === 0 ? translate('blocking.list.deleteNone') : translate('blocking.list.delete', { smart_count: chosenCount, count: count(chosenCount) })}
          </Button>
        )}
      </Box>
      {/* react-admin's bulk actions toolbar: what is selected, unselect, and 'Select all N' (react-admin's
          SelectAllButton) once the whole page is. It sees the removable rows only (the server's count of them as the
          total), so rows that cannot be removed (a zone's Global blocks) neither hide nor count toward it; selecting
          all is by the filter (usePagedList's selectAll 'matching'), never 250 ids read page by page. Shown in place
          (not over the search box, react-admin's default) so the filter stays at hand. */}
      {onDelete && removable > 0 && (
        <ListContextProvider value={{ ...list, data: list.data?.filter((record) => rowOf.get(record.id)?.removable), total: removable } as ListControllerResult}>
          <Box sx={{ '& .MuiToolbar-root.RaBulkActionsToolbar-toolbar': { position: 'static', transform: 'none' } }}>
            <BulkActionsToolbar
              label={
                all
                  ? translate(search ? 'blocking.list.allMatchingSelected' : 'blocking.list.allSelected', countValues)
                  : translate('blocking.list.selected', { smart_count: chosenCount, count: count(chosenCount) })
              }
              selectAllButton={
                all ? false : <SelectAllButton label={translate(search ? 'blocking.list.selectAllMatching' : 'blocking.list.selectAll', countValues)} disabled={deleting} />
              }
            />
          </Box>
        </ListContextProvider>
      )}
      <ListTable<BlockRecord> label={title} empty={search ? translate('blocking.list.noMatch', { filter: search }) : empty} pending={deleting}>
        {/* The selection column by hand, not DataTable's: its checkboxes all say 'Select this row', where each of
            these names the block it selects. The selection itself is react-admin's (the list context). */}
        {removable > 0 && (
          <Col
            label={
              <Checkbox
                checked={allOnPage}
                indeterminate={!allOnPage && pageIds.some(isChecked)}
                disabled={pageIds.length === 0}
                onChange={(event) => togglePage(event.target.checked)}
                slotProps={{ input: { 'aria-label': translate('blocking.list.selectPage') } }}
              />
            }
            sx={{ width: 48, px: 0.5 }}
            render={(record) =>
              rowOf.get(record.id)?.removable ? (
                <Checkbox
                  checked={isChecked(record.id)}
                  onChange={() => toggleRow(record.id)}
                  slotProps={{ input: { 'aria-label': translate('blocking.list.select', { name: rowOf.get(record.id)?.label ?? '' }) } }}
                />
              ) : null
            }
          />
        )}
        <Col label={nameHeader} sx={{ overflowWrap: 'anywhere' }} render={name} />
        {hasActions && <Col label={translate('zoneEdit.actions')} align="right" sx={{ whiteSpace: 'nowrap' }} render={actions} />}
      </ListTable>
      <ListPagination label={translate('blocking.list.pages', { section: title })} />
      <ConfirmDialog
        open={confirming !== null}
        title={translate('blocking.list.confirmTitle')}
        confirmLabel={translate('blocking.list.deleteConfirm')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming === null) return;
          setConfirming(null);
          list.onUnselectItems();
          onDelete?.(confirming);
        }}
      >
        <Typography sx={{ fontWeight: 600, mb: 1 }}>{targetLine}</Typography>
        {confirming?.kind === 'matching' && confirming.searchTerm !== ''
          ? translate('blocking.list.confirmMatching', { smart_count: confirmCount, count: count(confirmCount), filter: confirming.searchTerm })
          : translate('blocking.list.confirmMessage', { smart_count: confirmCount, count: count(confirmCount) })}
        {confirming?.kind === 'ids' && confirming.names.length > 0 && confirming.names.length <= 10 && (
          <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3, overflowWrap: 'anywhere' }}>
            {confirming.names.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </Box>
        )}
      </ConfirmDialog>
    </Box>
  );
}
