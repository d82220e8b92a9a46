/**
 * /account-settings/inclusive-inventory-program (spec sections 2 'Zone domain identifiers', 4 'Inclusive
 * inventory', 9): the selected publisher's zone domains with their self identifiers, paged by the server (page
 * and size in the address, one-based here and zero-based in the call, page 1 of 20 rows by default, sizes
 * 10/20/50/100), in the order the server gives (by domain).
 *
 * View, then edit on Edit: the third column becomes a multi-select of the self identifiers (the reference
 * resource). Cancel, or another page or page size, discards the choices not saved. Save is enabled only when at
 * least one row changed and sends only the changed rows ({ zoneDomainId, selfIdentifierIds }); once the list is
 * fresh again the screen returns to view with the saved values. A failed save keeps the choices and edit mode,
 * with the persistent general error (useWrite).
 *
 * Driven with useGetList rather than <List>, as the zones list is, for the spec's plain query in the address
 * (useListUrlState). Not for legacy just-premium publishers: the route guard hides it, the server refuses it.
 */
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { keepPreviousData } from '@tanstack/react-query';
import { useGetList } from 'react-admin';
import { UrlListPagination } from '../../components/list/ListPagination';
import { useLastPageFallback } from '../../components/list/useLastPageFallback';
import { useListUrlState } from '../../components/list/useListUrlState';
import { pagedListPlaceholder, pagedListRows } from '../../components/table/TableStateRows';
import type { ZoneDomainSelfIdentifiersRecord } from '../../dataProvider/resources';
import { useSession } from '../../dataProvider/session';
import { useReference } from '../../dataProvider/useReference';
import { useI18n } from '../../i18n/I18nContext';
import { PageLayout } from '../../components/PageLayout';
import { useFailureNotice } from '../../notices/useFailureNotice';
import { useWrite } from '../../notices/useWrite';
import { ZONES_LIST_DEFAULTS } from '../../lib/listQuery';
import { changedRows, type SelfIdentifierChange, type Selections } from './selfIdentifierEdits';
import { IDENTIFIER_COLUMN_COUNT, ZoneDomainSelfIdentifierTable } from './ZoneDomainSelfIdentifierTable';

/** Spec section 9: page 1 of 20 rows; the server orders by domain, the only order there is. */
export const IDENTIFIER_LIST_DEFAULTS = { ...ZONES_LIST_DEFAULTS, sort: 'domain' } as const;
const SORT_FIELDS = ['domain'] as const;
const NO_SELECTIONS: Selections = {};

export function ZoneDomainSelfIdentifierList() {
  const { translate } = useI18n();
  const t = (key: string, values?: Record<string, unknown>) => translate(`accountSettings.inclusiveInventory.${key}`, values);
  const publisherId = useSession().publisher?.id ?? 0;
  const urlState = useListUrlState(IDENTIFIER_LIST_DEFAULTS, SORT_FIELDS);
  const { query } = urlState;
  const list = useGetList<ZoneDomainSelfIdentifiersRecord>(
    'zoneDomainSelfIdentifiers',
    { pagination: { page: query.page, perPage: query.perPage }, meta: { publisherId } },
    { placeholderData: keepPreviousData },
  );
  const { data, isFetching, isPlaceholderData, isSuccess } = list;
  useFailureNotice('listZoneDomainSelfIdentifiers', list);
  const identifiers = useReference('selfIdentifiers');

  const [editing, setEditing] = useState(false);
  // Choices belong to the page they were made on: another page or page size starts from none.
  const pageKey = `${query.page}|${query.perPage}`;
  const [edits, setEdits] = useState<{ pageKey: string; selections: Selections }>({ pageKey, selections: NO_SELECTIONS });
  // Forgotten for good once the page changes, so coming back does not bring them back either.
  if (edits.pageKey !== pageKey) setEdits({ pageKey, selections: NO_SELECTIONS });
  const selections = edits.pageKey === pageKey ? edits.selections : NO_SELECTIONS;
  const changes = changedRows(data ?? [], selections);

  const stopEditing = () => {
    setEdits({ pageKey, selections: NO_SELECTIONS });
    setEditing(false);
  };
  const save = useWrite('saveZoneDomainSelfIdentifiers', {
    mutationFn: (rows: SelfIdentifierChange[], dataProvider) =>
      dataProvider.updateMany('zoneDomainSelfIdentifiers', {
        ids: rows.map((row) => row.zoneDomainId),
        data: { selfIdentifierIdsById: Object.fromEntries(rows.map((row) => [String(row.zoneDomainId), row.selfIdentifierIds])) },
      }),
    invalidate: ['zoneDomainSelfIdentifiers'],
    onSuccess: stopEditing,
  });

  // Back on the Edit button after Cancel or a save, so keyboard users keep their place.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  useLastPageFallback(urlState, list);

  const { rows, busy } = pagedListRows(list);
  const placeholder = pagedListPlaceholder(list, { colSpan: IDENTIFIER_COLUMN_COUNT, empty: t('empty'), pageKey });

  const canEdit = isSuccess && !isPlaceholderData && (data?.length ?? 0) > 0 && identifiers.isSuccess;
  const actions = editing ? (
    <>
      <Button variant="outlined" onClick={stopEditing} disabled={save.isPending}>
        {t('cancel')}
      </Button>
      <Button variant="contained" onClick={() => save.mutate(changes)} disabled={changes.length === 0 || save.isPending}>
        {t('save')}
      </Button>
    </>
  ) : (
    <Button ref={editButton} variant="contained" startIcon={<EditIcon aria-hidden />} onClick={() => setEditing(true)} disabled={!canEdit}>
      {t('edit')}
    </Button>
  );

  return (
    <PageLayout titleKey="accountSettings.inclusiveInventoryProgram" actions={actions}>
      <Typography>{t('intro')}</Typography>
      {identifiers.isError && <Alert severity="warning">{t('identifiersFailed')}</Alert>}
      {editing && (
        <Typography role="status" variant="body2" color="text.secondary">
          {t('changed', { smart_count: changes.length })} · {t('editing')}
        </Typography>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>{(isFetching || save.isPending) && <LinearProgress aria-label={translate('common.loading')} />}</Box>
        <Box sx={{ overflowX: 'auto' }}>
          <ZoneDomainSelfIdentifierTable
            rows={rows}
            options={editing ? identifiers.data : undefined}
            selections={selections}
            onChoose={(zoneDomainId, ids) =>
              setEdits({ pageKey, selections: { ...selections, [zoneDomainId]: ids } })
            }
            stale={isPlaceholderData || save.isPending}
            busy={busy || save.isPending}
            placeholder={placeholder}
          />
        </Box>
        <UrlListPagination state={urlState} answer={list} label={t('pages')} />
      </Paper>
    </PageLayout>
  );
}
