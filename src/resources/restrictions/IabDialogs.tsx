/**
 * IAB create and IAB edit (spec section 4), opened from the URL (iab/create, iab/{categoryId}/edit).
 *
 * Create ('adding categories'): the whole tree; already blocked categories locked; 'Select common' adds or removes
 * the common parents, disabled (with the spec's message) when all are blocked already; Review lists the minimal
 * selection, parents first, with the revenue at stake, and Block creates it.
 *
 * Edit of one parent ('updating categories'): that parent and its children; Save is disabled until the selection
 * differs from the original; Remove All deletes every block of the parent (after the 'proceed with caution'
 * confirmation). Saving removes the blocks no longer selected and adds the new ones in one call
 * (changeRestrictions): one user action is one history entry, whose undo restores exactly the blocks before
 * (issue 21; the spec's two calls, removals then an update or create, made two entries and a half undo). The review
 * shows the edit's net effect for the publisher: what it newly blocks, priced, and what it unblocks. A zone's Global
 * blocks are locked in both. Every step and confirmation names the publisher (and zone) it acts on.
 */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCreate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider';
import type { IabCategoryRecord, RestrictionGroupRecord, RestrictionsCreateData } from '../../dataProvider/resources';
import { useReference } from '../../dataProvider/useReference';
import { useI18n } from '../../i18n/I18nContext';
import { useWrite } from '../../notices/useWrite';
import { useWriteNotices, writeOf } from '../../notices/useWriteNotices';
import {
  availableCommonParents,
  commonParentsSelected,
  iabEditChanges,
  iabNetEffect,
  iabTree,
  normalizeSelection,
  orderedIds,
  sameSelection,
  toggleCommonParents,
  type IabSelection,
  type IabTree,
} from '../../lib/iabSelection';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useConfirmation } from '../../components/useConfirmation';
import { FormDialog, DialogForm } from '../../components/FormDialog';
import { AddDialogFrame, type Step } from './AddDialogFrame';
import { IabPicker, type IabPickerValues, type NodeShare } from './IabPicker';
import { RevenueReview, useRevenueAtStake } from './RevenueReview';
import { entityPath, useBlockingTarget, useRestrictionGroup, type BlockingScope, type Restriction } from './scope';
import { useCloseModal } from './useCloseModal';

interface IabData {
  categories: readonly IabCategoryRecord[];
  tree: IabTree;
  labels: ReadonlyMap<string, string>;
  rows: readonly Restriction[];
}

/** The taxonomy in the UI language and the entity's IAB blocks; null while either loads. */
function useIabData(scope: BlockingScope): { data: IabData | null; failed: boolean } {
  const { locale } = useI18n();
  const categories = useReference('iabCategories', { language: locale });
  const group = useRestrictionGroup(scope, 'iab_category');
  const data = useMemo(() => {
    if (!categories.data || !group.isSuccess) return null;
    const tree = iabTree(categories.data.map((c) => ({ id: c.id, children: c.subCategories.map((s) => s.id) })));
    const labels = new Map(categories.data.flatMap((c) => [[c.id, c.label] as const, ...c.subCategories.map((s) => [s.id, s.label] as const)]));
    return { categories: categories.data, tree, labels, rows: group.rows.filter((row) => row.clusivity === 'EXCLUDE') };
  }, [categories.data, group.isSuccess, group.rows]);
  return { data, failed: categories.isError || group.isError };
}

function useShares(scope: BlockingScope, tree: IabTree | null): ReadonlyMap<string, NodeShare> {
  const items = useMemo(() => [...(tree?.position.keys() ?? [])].map((value) => ({ type: 'iab_category' as const, value })), [tree]);
  const revenue = useRevenueAtStake(scope, items);
  return useMemo(() => new Map((revenue.data ?? []).map((row) => [row.value, row])), [revenue.data]);
}

const valuesOf = (rows: readonly Restriction[]) => rows.map((row) => row.advertisingRestrictionId);

function Loading({ title, onClose, failed }: { title: string; onClose: () => void; failed: boolean }) {
  const { translate } = useI18n();
  return (
    <FormDialog title={title} onClose={onClose}>
      <DialogForm onClose={onClose}>
        {failed ? <Alert severity="error">{translate('errorMessages.general')}</Alert> : <LinearProgress aria-label={translate('common.loading')} />}
      </DialogForm>
    </FormDialog>
  );
}

/**
 * Writes of both dialogs, with their notices: a create adds the new blocks (POST); an edit, and its Remove All, is
 * one change adding and removing blocks by value (PATCH), so it is one history entry and one undo.
 */
function useIabWrites(scope: BlockingScope, onDone: () => void) {
  const target = useBlockingTarget(scope);
  const invalidate = ['blocks', 'restrictions', 'revenueAtStake'];
  const adding = useWriteNotices('createRestrictions', {
    invalidate,
    values: ({ data }: { data?: Partial<RestrictionsCreateData> }) => ({ smart_count: data?.restrictions?.length ?? 0, target: target.name }),
  });
  const add = writeOf(adding, useCreate<RestrictionsCreateData, unknown, RestrictionGroupRecord>('restrictions', undefined, adding), (ids: string[]) => ({
    data: { restrictionType: 'iab_category' as const, restrictions: ids },
    meta: entityPath(scope),
  }));
  const changeOf = ({ remove, add: added }: { remove: string[]; add: string[] }, dataProvider: PortalDataProvider) =>
    dataProvider.changeRestrictions(entityPath(scope), {
      add: added.length ? [{ type: 'iab_category', restrictions: added }] : [],
      remove: remove.length ? [{ type: 'iab_category', restrictions: remove }] : [],
    });
  const change = useWrite('changeRestrictions', { mutationFn: changeOf, invalidate });
  // Remove All only removes: the same call, with the spec's 'Removing block(s)' notices.
  const removeAll = useWrite('deleteRestrictions', { mutationFn: changeOf, invalidate });
  const run = async (write: () => Promise<unknown>) => {
    try {
      await write();
      onDone();
    } catch {
      // The notices and the dialog's alert say what failed; the dialog stays open.
    }
  };
  return {
    saving: add.isPending || change.isPending || removeAll.isPending,
    errorKey: add.errorKey ?? change.errorKey ?? removeAll.errorKey,
    create: (ids: string[]) => run(() => add.mutateAsync(ids)),
    /** Values to unblock and to block, as advertisingRestrictionIds. */
    change: (remove: string[], added: string[]) => run(() => (added.length ? change : removeAll).mutateAsync({ remove, add: added })),
  };
}

/** What both IAB dialogs hand their frame: the step flow, and the writes' progress and error. */
function useIabFrame(title: string, onClose: () => void, writes: { saving: boolean; errorKey: string | null }) {
  const [step, setStep] = useState<Step>('choose');
  return {
    title,
    onClose,
    step,
    onReview: () => setStep('review'),
    onBack: () => setStep('choose'),
    saving: writes.saving,
    errorKey: writes.errorKey,
  };
}

export function IabCreateDialog({ scope }: { scope: BlockingScope }) {
  const { translate } = useI18n();
  const close = useCloseModal(scope.basePath);
  const { data, failed } = useIabData(scope);
  const title = translate('blocking.iabCategories.createTitle');
  if (!data) return <Loading title={title} onClose={close} failed={failed} />;
  return <IabCreateForm scope={scope} data={data} title={title} onClose={close} />;
}

function IabCreateForm({ scope, data, title, onClose }: { scope: BlockingScope; data: IabData; title: string; onClose: () => void }) {
  const { translate } = useI18n();
  const { tree } = data;
  const locked = useMemo(() => normalizeSelection(tree, valuesOf(data.rows)), [tree, data.rows]);
  const shares = useShares(scope, tree);
  const writes = useIabWrites(scope, onClose);
  const frame = useIabFrame(title, onClose, writes);
  const target = useBlockingTarget(scope);
  const toAddOf = ({ selection }: IabPickerValues) => orderedIds(tree, selection.filter((id) => !locked.has(id)));

  return (
    <AddDialogFrame<IabPickerValues>
      {...frame}
      defaultValues={{ search: '', selection: [...locked] }}
      caption={translate('blocking.iabCategories.adding')}
      target={target.line}
      onConfirm={(values) => void writes.create(toAddOf(values))}
      reviewDisabled={(values) => toAddOf(values).length === 0}
      confirmLabel={(values) => translate('blocking.iabCategories.confirm', { smart_count: toAddOf(values).length, target: target.name })}
    >
      {(values) =>
        frame.step === 'choose' ? (
          <>
            <CommonParentsButton tree={tree} locked={locked} />
            <IabPicker categories={data.categories} tree={tree} locked={locked} shares={shares} />
          </>
        ) : (
          <RevenueReview scope={scope} items={toAddOf(values).map((id) => ({ type: 'iab_category', value: id, label: data.labels.get(id) ?? id }))} />
        )
      }
    </AddDialogFrame>
  );
}

/** 'Select common' / 'Unselect common' over the form's selection; disabled, with the spec's message, when all are blocked. */
function CommonParentsButton({ tree, locked }: { tree: IabTree; locked: IabSelection }) {
  const { translate } = useI18n();
  const { setValue, watch } = useFormContext<IabPickerValues>();
  const selection = new Set(watch('selection'));
  const common = availableCommonParents(tree, locked);
  const commonOn = commonParentsSelected(tree, selection, locked);
  const commonButton = (
    <Button variant="outlined" onClick={() => setValue('selection', [...toggleCommonParents(tree, selection, locked)], { shouldDirty: true })} disabled={common.length === 0}>
      {translate(commonOn ? 'blocking.iabCategories.unselectCommon' : 'blocking.iabCategories.selectCommon')}
    </Button>
  );
  return common.length === 0 ? (
    <>
      <Tooltip title={translate('blocking.iabCategories.allCommonAdded')}>
        <span>{commonButton}</span>
      </Tooltip>
      <Alert severity="info">{translate('blocking.iabCategories.allCommonAdded')}</Alert>
    </>
  ) : (
    <span>{commonButton}</span>
  );
}

export function IabEditDialog({ scope }: { scope: BlockingScope }) {
  const { translate } = useI18n();
  const close = useCloseModal(scope.basePath);
  const { categoryId = '' } = useParams();
  const { data, failed } = useIabData(scope);
  const parent = data?.categories.find((category) => category.id === categoryId);
  const title = translate('blocking.iabCategories.editTitle', { name: parent?.label ?? categoryId });
  if (!data) return <Loading title={title} onClose={close} failed={failed} />;
  if (!parent) {
    return (
      <FormDialog title={title} onClose={close}>
        <DialogForm onClose={close}>
          <Alert severity="warning">{translate('blocking.iabCategories.unknownParent', { id: categoryId })}</Alert>
        </DialogForm>
      </FormDialog>
    );
  }
  return <IabEditForm key={parent.id} scope={scope} data={data} parent={parent} title={title} onClose={close} />;
}

function IabEditForm(props: { scope: BlockingScope; data: IabData; parent: IabCategoryRecord; title: string; onClose: () => void }) {
  const { scope, data, parent, title, onClose } = props;
  const { translate } = useI18n();
  const tree = useMemo(() => iabTree([{ id: parent.id, children: parent.subCategories.map((s) => s.id) }]), [parent]);
  const inParent = data.rows.filter((row) => tree.position.has(row.advertisingRestrictionId));
  const ownRows = inParent.filter((row) => row.tag === null);
  const own = useMemo(() => new Set(valuesOf(ownRows)), [ownRows]);
  const locked = useMemo(() => normalizeSelection(tree, valuesOf(inParent.filter((row) => row.tag !== null))), [tree, inParent]);
  const [original] = useState(() => normalizeSelection(tree, [...own, ...locked]));
  const shares = useShares(scope, tree);
  const writes = useIabWrites(scope, onClose);
  const confirmingRemoveAll = useConfirmation(() => void writes.change(valuesOf(ownRows), []));
  const frame = useIabFrame(title, onClose, writes);
  const target = useBlockingTarget(scope);
  const changesOf = ({ selection }: IabPickerValues) => iabEditChanges(tree, own, new Set(selection), locked);
  const label = (id: string) => data.labels.get(id) ?? id;

  return (
    <>
      <AddDialogFrame<IabPickerValues>
        {...frame}
        defaultValues={{ search: '', selection: [...original] }}
        caption={translate('blocking.iabCategories.updating')}
        target={target.line}
        onConfirm={(values) => {
          const changes = changesOf(values);
          void writes.change(changes.remove, changes.add);
        }}
        reviewDisabled={({ selection }) => sameSelection(new Set(selection), original) || writes.saving}
        reviewLabel={translate('blocking.iabCategories.save')}
        confirmLabel={translate('blocking.iabCategories.confirmEdit', { target: target.name })}
        extraActions={
          <Button color="error" onClick={() => confirmingRemoveAll.ask()} disabled={ownRows.length === 0 || writes.saving}>
            {translate('blocking.iabCategories.removeAll')}
          </Button>
        }
      >
        {({ selection }) => {
          if (frame.step === 'choose') return <IabPicker categories={[parent]} tree={tree} locked={locked} shares={shares} />;
          const net = iabNetEffect(tree, original, new Set(selection));
          return (
            <RevenueReview
              scope={scope}
              items={net.blocked.map((id) => ({ type: 'iab_category', value: id, label: label(id) }))}
              removals={net.unblocked.map(label)}
            />
          );
        }}
      </AddDialogFrame>
      <ConfirmDialog
        {...confirmingRemoveAll.dialog}
        title={translate('blocking.list.confirmTitle')}
        confirmLabel={translate('blocking.iabCategories.removeAll')}
      >
        <Typography sx={{ fontWeight: 600, mb: 1 }}>{target.line}</Typography>
        {translate('blocking.iabCategories.removeAllMessage', { name: parent.label })}
      </ConfirmDialog>
    </>
  );
}
