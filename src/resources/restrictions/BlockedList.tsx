/**
 * A blocked list (spec sections 2 'Blocking', 4 'Block deletion'): a filter box, the rows of the current page in a
 * card of at most 500 px that scrolls, the count and pages (ListPagination), and deletion of the selected rows
 * after the 'proceed with caution' confirmation.
 *
 * Lists hold up to 25,000 blocks: the filter runs on every keystroke without the search debounce (it is local and
 * takes well under a millisecond at 5,000 rows) and only the page's rows are rendered. Rows that cannot be removed
 * here (a zone's Global blocks, inclusion lists, advertiser blocks for staff) have no checkbox.
 */
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useI18n } from '../../i18n/I18nContext';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListPagination } from '../../components/list/ListPagination';
import { DelayedEmptyRow, ErrorRow, LoadingRow, MessageRow } from '../../components/table/TableStateRows';

export interface BlockedListRow {
  id: number;
  label: string;
  /** Shown under the label (an advertiser's id, a sub-category's parent). */
  detail?: string;
  /** Chips after the label ('Global', 'Included'). */
  badges?: ReactNode;
  removable: boolean;
  /** A per-row action (the IAB parent's edit link). */
  action?: ReactNode;
  /** Lower-cased text the filter matches (label, value, id). */
  search: string;
}

export interface BlockedListProps {
  /** The section's title: names the table, the filter and the pages. */
  title: string;
  rows: readonly BlockedListRow[];
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  empty: ReactNode;
  deleting: boolean;
  /** Absent for a role that may not remove blocks (issue 22): no delete button. */
  onDelete?: (ids: number[]) => void;
}

const PAGE_SIZE = 10;
const COLUMNS = 3;

export function BlockedList({ title, rows, query, empty, deleting, onDelete }: BlockedListProps) {
  const { translate } = useI18n();
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(PAGE_SIZE);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);

  const term = useDeferredValue(filter.trim().toLowerCase());
  const matching = useMemo(() => (term === '' ? rows : rows.filter((row) => row.search.includes(term))), [rows, term]);
  const pages = Math.max(1, Math.ceil(matching.length / perPage));
  const current = Math.min(page, pages);
  const shown = matching.slice((current - 1) * perPage, current * perPage);
  // Rows deleted meanwhile (here or elsewhere) leave the selection.
  const live = useMemo(() => new Set(rows.filter((row) => row.removable).map((row) => row.id)), [rows]);
  const chosen = [...selected].filter((id) => live.has(id));
  const pageIds = shown.filter((row) => row.removable).map((row) => row.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const anyRemovable = live.size > 0;

  const toggle = (ids: number[], on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  let body: ReactNode;
  if (query.isPending) body = <LoadingRow colSpan={COLUMNS} />;
  else if (query.isError) body = <ErrorRow colSpan={COLUMNS} onRetry={() => void query.refetch()} />;
  else if (rows.length === 0) body = <DelayedEmptyRow colSpan={COLUMNS}>{empty}</DelayedEmptyRow>;
  else if (shown.length === 0) body = <MessageRow colSpan={COLUMNS}>{translate('blocking.list.noMatch', { filter: filter.trim() })}</MessageRow>;
  else {
    body = shown.map((row) => (
      <TableRow key={row.id} hover selected={selected.has(row.id)}>
        <TableCell padding="checkbox">
          {row.removable && (
            <Checkbox
              checked={selected.has(row.id)}
              onChange={(event) => toggle([row.id], event.target.checked)}
              slotProps={{ input: { 'aria-label': translate('blocking.list.select', { name: row.label }) } }}
            />
          )}
        </TableCell>
        <TableCell sx={{ overflowWrap: 'anywhere' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <span>{row.label}</span>
            {row.badges}
          </Box>
          {row.detail && (
            <Typography variant="body2" color="text.secondary">
              {row.detail}
            </Typography>
          )}
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          {row.action}
        </TableCell>
      </TableRow>
    ));
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <TextField
          id={filterId}
          type="search"
          size="small"
          label={translate('blocking.list.filter', { section: title })}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            setPage(1);
          }}
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 280 } }}
        />
        {onDelete && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteIcon aria-hidden />}
            disabled={chosen.length === 0 || deleting}
            onClick={() => setConfirming(true)}
          >
            {chosen.length === 0 ? translate('blocking.list.deleteNone') : translate('blocking.list.delete', { smart_count: chosen.length })}
          </Button>
        )}
      </Box>
      {/* Focusable so the card scrolls from the keyboard even when no row has a checkbox (axe scrollable-region-focusable). */}
      <Box tabIndex={0} sx={{ maxHeight: 500, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label={title} aria-busy={query.isPending}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                {anyRemovable && (
                  <Checkbox
                    checked={allOnPage}
                    indeterminate={!allOnPage && pageIds.some((id) => selected.has(id))}
                    disabled={pageIds.length === 0}
                    onChange={(event) => toggle(pageIds, event.target.checked)}
                    slotProps={{ input: { 'aria-label': translate('blocking.list.selectPage') } }}
                  />
                )}
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{translate('blocking.list.name')}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {translate('zoneEdit.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>{body}</TableBody>
        </Table>
      </Box>
      {!query.isPending && !query.isError && rows.length > 0 && (
        <ListPagination
          page={current}
          perPage={perPage}
          total={matching.length}
          onPageChange={setPage}
          onPerPageChange={(size) => {
            setPerPage(size);
            setPage(1);
          }}
          label={translate('blocking.list.pages', { section: title })}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title={translate('blocking.list.confirmTitle')}
        confirmLabel={translate('blocking.list.deleteConfirm')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          setSelected(new Set());
          onDelete?.(chosen);
        }}
      >
        {translate('blocking.list.confirmMessage', { smart_count: chosen.length })}
      </ConfirmDialog>
    </Box>
  );
}
