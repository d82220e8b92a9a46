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
 * The choices are react-admin's Form: each row's multi-select is an input (useInput, `chosen.d<zoneDomainId>`,
 * empty until the row is touched); the form is emptied when the page changes or editing ends (ChoicesReset).
 *
 * On the paged list controller (usePagedList, ListTable) as every server-paged list. Not for legacy just-premium publishers: the route guard hides it, the server refuses it.
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { Form, ListContextProvider, useUpdateMany } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ListPagination } from '../../components/list/ListPagination';
import { usePagedList } from '../../components/list/usePagedList';
import type { ZoneDomainSelfIdentifiersRecord } from '../../dataProvider/resources';
import { useReference } from '../../dataProvider/useReference';
import { useI18n } from '../../i18n/I18nContext';
import { PageLayout } from '../../components/PageLayout';
import { PublisherLine } from '../../components/PublisherLine';
import { useFocusWhenClosed } from '../../components/useFocusWhenClosed';
import { useWriteNotices, writeOf } from '../../notices/useWriteNotices';
import { ZONES_LIST_DEFAULTS } from '../../lib/listQuery';
import { changedRows, selectionsOf, type ChoiceValues, type SelfIdentifierChange } from './selfIdentifierEdits';
import { SelfIdentifierTable } from './SelfIdentifierTable';

/** Spec section 9: page 1 of 20 rows; the server orders by domain, the only order there is. */
export const IDENTIFIER_LIST_DEFAULTS = { ...ZONES_LIST_DEFAULTS, sort: 'domain' } as const;
const SORT_FIELDS = ['domain'] as const;

export function ZoneDomainSelfIdentifierList() {
  const { translate } = useI18n();
  const t = (key: string, values?: Record<string, unknown>) => translate(`accountSettings.inclusiveInventory.${key}`, values);
  const list = usePagedList<ZoneDomainSelfIdentifiersRecord>('zoneDomainSelfIdentifiers', {
    defaults: IDENTIFIER_LIST_DEFAULTS,
    sortFields: SORT_FIELDS,
    failureOperation: 'listZoneDomainSelfIdentifiers',
  });
  const { data, isPlaceholderData, isSuccess } = list;
  const pageKey = JSON.stringify([list.filterValues, list.page, list.perPage]);
  const identifiers = useReference('selfIdentifiers');

  const [editing, setEditing] = useState(false);
  const stopEditing = () => setEditing(false);
  const saving = useWriteNotices('saveZoneDomainSelfIdentifiers', { invalidate: ['zoneDomainSelfIdentifiers'], onSuccess: stopEditing });
  const save = writeOf(saving, useUpdateMany('zoneDomainSelfIdentifiers', undefined, saving), (rows: SelfIdentifierChange[]) => ({
    ids: rows.map((row) => row.zoneDomainId),
    data: { selfIdentifierIdsById: Object.fromEntries(rows.map((row) => [String(row.zoneDomainId), row.selfIdentifierIds])) },
  }));

  // Back on the Edit button after Cancel or a save, so keyboard users keep their place.
  const editButton = useFocusWhenClosed<HTMLButtonElement>(editing);

  const canEdit = isSuccess && !isPlaceholderData && (data?.length ?? 0) > 0 && identifiers.isSuccess;
  const actions = editing ? (
    <>
      <Button variant="outlined" onClick={stopEditing} disabled={save.isPending}>
        {t('cancel')}
      </Button>
      <SaveButton rows={data} saving={save.isPending} />
    </>
  ) : (
    <Button ref={editButton} variant="contained" startIcon={<EditIcon aria-hidden />} onClick={() => setEditing(true)} disabled={!canEdit}>
      {t('edit')}
    </Button>
  );

  return (
    <ListContextProvider value={list}>
      <Form
        defaultValues={NO_CHOICES}
        noValidate
        disableInvalidFormNotification
        onSubmit={(values: Record<string, unknown>) => save.mutate(changedRows(data ?? [], selectionsOf(values as Partial<ChoiceValues>)))}
      >
        <ChoicesReset pageKey={pageKey} editing={editing} />
        <PageLayout titleKey="accountSettings.inclusiveInventoryProgram" actions={actions}>
          <Typography>{t('intro')}</Typography>
          {identifiers.isError && <Alert severity="warning">{t('identifiersFailed')}</Alert>}
          {editing && (
            <>
              <ChangedCount rows={data} />
              <PublisherLine />
            </>
          )}
          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            <SelfIdentifierTable options={editing ? identifiers.data : undefined} locked={isPlaceholderData || save.isPending} saving={save.isPending} />
            <ListPagination label={t('pages')} />
          </Paper>
        </PageLayout>
      </Form>
    </ListContextProvider>
  );
}

const NO_CHOICES: ChoiceValues = { chosen: {} };

/** Choices belong to the page they were made on and to one editing: another page, Cancel or a save empties them. */
function ChoicesReset({ pageKey, editing }: { pageKey: string; editing: boolean }) {
  const { reset } = useFormContext<ChoiceValues>();
  useEffect(() => reset(NO_CHOICES), [pageKey, editing, reset]);
  return null;
}

/** The rows of the page on screen whose choices differ from what is saved. */
function useChanges(rows: readonly ZoneDomainSelfIdentifiersRecord[] | undefined) {
  const chosen = useWatch<ChoiceValues, 'chosen'>({ name: 'chosen' });
  return changedRows(rows ?? [], selectionsOf({ chosen }));
}

function ChangedCount({ rows }: { rows: readonly ZoneDomainSelfIdentifiersRecord[] | undefined }) {
  const { translate } = useI18n();
  const count = useChanges(rows).length;
  return (
    <Typography role="status" variant="body2" color="text.secondary">
      {translate('accountSettings.inclusiveInventory.changed', { smart_count: count })} · {translate('accountSettings.inclusiveInventory.editing')}
    </Typography>
  );
}

/** Enabled only when at least one row changed; sends only the changed rows. */
function SaveButton({ rows, saving }: { rows: readonly ZoneDomainSelfIdentifiersRecord[] | undefined; saving: boolean }) {
  const { translate } = useI18n();
  const count = useChanges(rows).length;
  return (
    <Button type="submit" variant="contained" disabled={count === 0 || saving}>
      {translate('accountSettings.inclusiveInventory.save')}
    </Button>
  );
}
