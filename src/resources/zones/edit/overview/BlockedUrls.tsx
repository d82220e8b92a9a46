/**
 * The zone's blocked URLs (spec section 2 'Overview': URL type, URL pattern, with add; section 4 'Block
 * deletion'). Removing one asks to proceed with caution, then takes the row away at once and puts it back with
 * the general error if the server refuses (spec section 8).
 */
import { useMemo, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../dataProvider/schema';
import { useI18n } from '../../../../i18n/I18nContext';
import { useNotices } from '../../../../layout/notifications/NoticesProvider';
import { NOTICE_OPERATIONS } from '../../../../layout/notifications/operations';
import { URL_TYPE_LABEL_KEYS } from '../../../../lib/blockedUrls';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { removeFromCache } from '../common/optimisticList';
import { SectionCard } from '../common/SectionCard';
import { SortableHeaderCell } from '../common/SortableHeaderCell';
import { QueryTableRows } from '../common/TableStateRow';
import { nextSort, sortRows, type SortState } from '../common/tableSort';
import { invalidateZoneTags, useBlockedUrls, usePortalDataProvider, zoneKeys } from '../zoneQueries';
import { AddBlockedUrlsDialog } from './AddBlockedUrlsDialog';

type Pattern = components['schemas']['AssetUrlFilterPattern'];
type Field = 'urlType' | 'pattern';
const COLUMNS = 3;
const sameId = (a: Pattern, b: Pattern) => a.id === b.id;

export function BlockedUrls({ zoneId }: { zoneId: number }) {
  const { translate, locale } = useI18n();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const dataProvider = usePortalDataProvider();
  const blockedUrls = useBlockedUrls(zoneId);
  const [sort, setSort] = useState<SortState<Field>>({ field: 'pattern', order: 'ASC' });
  const [adding, setAdding] = useState(false);
  // The row asked about stays in the dialog while it fades out; `open` decides whether it is shown.
  const [confirming, setConfirming] = useState<{ pattern: Pattern; open: boolean } | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const remove = useMutation({
    mutationFn: (pattern: Pattern) =>
      notices.run(NOTICE_OPERATIONS.deleteBlockedUrl, () => dataProvider.deleteBlockedUrl(zoneId, pattern.id)),
    onMutate: async (pattern: Pattern) => ({
      rollback: await removeFromCache<Pattern>(queryClient, zoneKeys.blockedUrls(zoneId), (row) => row.id === pattern.id, sameId),
    }),
    onError: (_error, _pattern, context) => context?.rollback(),
    onSettled: () => invalidateZoneTags(queryClient, zoneId, ['Zone Blocked URLs']),
  });

  const typeLabel = (pattern: Pattern) =>
    pattern.urlType in URL_TYPE_LABEL_KEYS ? translate(URL_TYPE_LABEL_KEYS[pattern.urlType]) : pattern.urlType;
  const rows = useMemo(
    () => sortRows(blockedUrls.data ?? [], sort, (row, field) => (field === 'urlType' ? typeLabel(row) : row.pattern), locale),
    // typeLabel depends on translate only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [blockedUrls.data, sort, locale, translate],
  );

  return (
    <SectionCard
      title={translate('zoneEdit.blockedUrls.title')}
      actions={
        <Button
          ref={addButton}
          variant="contained"
          startIcon={<AddIcon aria-hidden />}
          onClick={() => setAdding(true)}
          disabled={!blockedUrls.isSuccess}
        >
          {translate('zoneEdit.blockedUrls.add')}
        </Button>
      }
    >
      <TableContainer>
        <Table size="small" aria-label={translate('zoneEdit.blockedUrls.title')}>
          <TableHead>
            <TableRow>
              <SortableHeaderCell field="urlType" sort={sort} onSort={(field) => setSort(nextSort(sort, field))}>
                {translate('zoneEdit.blockedUrls.urlType')}
              </SortableHeaderCell>
              <SortableHeaderCell field="pattern" sort={sort} onSort={(field) => setSort(nextSort(sort, field))}>
                {translate('zoneEdit.blockedUrls.pattern')}
              </SortableHeaderCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {translate('zoneEdit.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <QueryTableRows query={blockedUrls} colSpan={COLUMNS} rowCount={rows.length} empty={translate('zoneEdit.blockedUrls.empty')}>
              {rows.map((row) => (
                <TableRow key={row.id} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{typeLabel(row)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>{row.pattern}</TableCell>
                  <TableCell align="right">
                    <Tooltip title={translate('zoneEdit.blockedUrls.remove')}>
                      <IconButton
                        aria-label={translate('zoneEdit.blockedUrls.removeOne', { pattern: row.pattern })}
                        onClick={() => setConfirming({ pattern: row, open: true })}
                        size="small"
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </QueryTableRows>
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={confirming?.open ?? false}
        title={translate('zoneEdit.blockedUrls.confirmTitle')}
        confirmLabel={translate('zoneEdit.blockedUrls.remove')}
        onCancel={() => setConfirming((state) => state && { ...state, open: false })}
        onConfirm={() => {
          if (!confirming) return;
          remove.mutate(confirming.pattern);
          setConfirming({ ...confirming, open: false });
          // The row and its button are gone: keep keyboard users in this section rather than at the page top.
          requestAnimationFrame(() => addButton.current?.focus());
        }}
      >
        {translate('zoneEdit.blockedUrls.confirmMessage', { pattern: confirming?.pattern.pattern ?? '' })}
      </ConfirmDialog>
      {adding && (
        <AddBlockedUrlsDialog zoneId={zoneId} existing={blockedUrls.data ?? []} onClose={() => setAdding(false)} />
      )}
    </SectionCard>
  );
}
