/**
 * The zone's blocked URLs (spec section 2 'Overview': URL type, URL pattern, with add; section 4 'Block
 * deletion'). Add and remove only for a role that may change zones (issue 22: a viewer reads them). Removing one asks to proceed with caution, then takes the row away at once and puts it back with
 * the general error if the server refuses (spec section 8). The Block URLs dialog has an address of its own
 * (overview/blocked-urls/create), like the IAB and slot dialogs, so Back closes it instead of leaving the zone
 * (issue 21), and a reload or a bookmark opens it again.
 */
import { useCallback } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { DataTable, ListContextProvider, useDelete, useGetList } from 'react-admin';
import { Link as RouterLink, Route, Routes, useLocation, useMatch, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { RowActionButton } from '../../../../components/RowActionButton';
import { useConfirmation } from '../../../../components/useConfirmation';
import { useFocusWhenClosed } from '../../../../components/useFocusWhenClosed';
import { PublisherLine } from '../../../../components/PublisherLine';
import { SectionCard } from '../../../../components/SectionCard';
import { ListTable } from '../../../../components/list/ListTable';
import { useWholeList } from '../../../../components/table/useWholeList';
import type { BlockedUrlRecord } from '../../../../dataProvider/resources';
import { useI18n } from '../../../../i18n/I18nContext';
import { useWriteNotices, writeOf } from '../../../../notices/useWriteNotices';
import { URL_TYPE_LABEL_KEYS } from '../../../../lib/blockedUrls';
import { AddBlockedUrlsDialog } from './AddBlockedUrlsDialog';
import { zonePaths } from '../../../../routes';
import { useMayCall } from '../../../../dataProvider/useMayCall';

type Pattern = BlockedUrlRecord;
const Col = DataTable.Col<Pattern>;

export function BlockedUrls({ zoneId }: { zoneId: number }) {
  const { translate } = useI18n();
  const blockedUrls = useGetList<Pattern>('blockedUrls', { filter: { zoneId } });
  const navigate = useNavigate();
  const location = useLocation();
  const adding = useMatch(zonePaths.patterns.blockUrls) !== null;
  // Opened from the button: Back to where it was. From a bookmark: to the overview, leaving no dialog behind.
  const openedHere = (location.state as { fromList?: boolean } | null)?.fromList === true;
  const closeAdding = () => (openedHere ? navigate(-1) : navigate(zonePaths.overview(zoneId), { replace: true }));
  // Back on the list, keyboard users are where they left it (also when a bookmark opened the dialog).
  const addButton = useFocusWhenClosed<HTMLAnchorElement>(adding);
  const canAdd = useMayCall('addBlockedUrls');
  const canRemove = useMayCall('deleteBlockedUrl');

  const removing = useWriteNotices('deleteBlockedUrl', { invalidate: ['blockedUrls'] });
  const remove = writeOf(removing, useDelete<Pattern>('blockedUrls', undefined, { mutationMode: 'optimistic', ...removing }), (pattern: Pattern) => ({
    id: pattern.id,
    previousData: pattern,
    meta: { zoneId },
  }));
  const confirming = useConfirmation((pattern: Pattern) => {
    remove.mutate(pattern);
    // The row and its button are gone: keep keyboard users in this section rather than at the page top.
    requestAnimationFrame(() => addButton.current?.focus());
  });

  const typeLabel = useCallback(
    (pattern: Pattern) => (pattern.urlType in URL_TYPE_LABEL_KEYS ? translate(URL_TYPE_LABEL_KEYS[pattern.urlType]) : pattern.urlType),
    [translate],
  );
  const list = useWholeList(
    'blockedUrls',
    blockedUrls,
    { field: 'pattern', order: 'ASC' },
    useCallback((row: Pattern, field: string) => (field === 'urlType' ? typeLabel(row) : row.pattern), [typeLabel]),
  );

  return (
    <SectionCard
      title={translate('zoneEdit.blockedUrls.title')}
      actions={
        canAdd && (
          <Button
            ref={addButton}
            component={RouterLink}
            to={zonePaths.edit(zoneId, 'overview/blocked-urls/create')}
            state={{ fromList: true }}
            variant="contained"
            startIcon={<AddIcon aria-hidden />}
            disabled={!blockedUrls.isSuccess}
          >
            {translate('zoneEdit.blockedUrls.add')}
          </Button>
        )
      }
    >
      <ListContextProvider value={list}>
        <ListTable<Pattern> label={translate('zoneEdit.blockedUrls.title')} empty={translate('zoneEdit.blockedUrls.empty')}>
          <Col source="urlType" label={translate('zoneEdit.blockedUrls.urlType')} sx={{ whiteSpace: 'nowrap' }} render={typeLabel} />
          <Col source="pattern" label={translate('zoneEdit.blockedUrls.pattern')} sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }} />
          {canRemove && (
            <Col
              label={translate('zoneEdit.actions')}
              align="right"
              render={(row) => (
                <RowActionButton
                  title={translate('zoneEdit.blockedUrls.remove')}
                  label={translate('zoneEdit.blockedUrls.removeOne', { pattern: row.pattern })}
                  icon={<DeleteIcon fontSize="small" />}
                  onClick={() => confirming.ask(row)}
                />
              )}
            />
          )}
        </ListTable>
      </ListContextProvider>
      <ConfirmDialog
        {...confirming.dialog}
        title={translate('zoneEdit.blockedUrls.confirmTitle')}
        confirmLabel={translate('zoneEdit.blockedUrls.remove')}
      >
        <Typography variant="body1" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {translate('zoneEdit.blockedUrls.confirmMessage', { pattern: confirming.subject?.pattern ?? '' })}
        </Typography>
        <PublisherLine />
      </ConfirmDialog>
      <Routes>
        <Route
          path={zonePaths.modals.blockUrls}
          // Its address opens it only for a role that may add blocked URLs (issue 22); others see the overview.
          element={blockedUrls.isSuccess && canAdd ? <AddBlockedUrlsDialog zoneId={zoneId} existing={blockedUrls.data} onClose={closeAdding} /> : null}
        />
      </Routes>
    </SectionCard>
  );
}
