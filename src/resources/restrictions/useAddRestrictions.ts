/**
 * What the advertiser and advertiser-domain add dialogs share: the publisher's (or zone's) blocks of the type, the
 * entries already blocked (its exclusions), the choose/review step, the 'already blocked' toast, and the write
 * adding the new entries, which closes the dialog. `frame` goes on the AddDialogFrame.
 */
import { useMemo, useState } from 'react';
import { useCreate } from 'react-admin';
import type { RestrictionGroupRecord, RestrictionsCreateData, RestrictionType } from '../../dataProvider/resources';
import { useAlreadyBlockedToast } from '../../notices/useAlreadyBlockedToast';
import { useWriteNotices, writeOf } from '../../notices/useWriteNotices';
import type { Step } from './AddDialogFrame';
import { entityPath, useBlockingTarget, useRestrictionGroup, type BlockingScope } from './scope';
import { useCloseModal } from './useCloseModal';

export function useAddRestrictions(scope: BlockingScope, restrictionType: RestrictionType) {
  const close = useCloseModal(scope.basePath);
  const toast = useAlreadyBlockedToast('createRestrictions');
  const group = useRestrictionGroup(scope, restrictionType);
  const target = useBlockingTarget(scope);
  const [step, setStep] = useState<Step>('choose');
  const blocked = useMemo(() => group.rows.filter((row) => row.clusivity === 'EXCLUDE').map((row) => row.advertisingRestrictionId), [group.rows]);
  const adding = useWriteNotices('createRestrictions', {
    invalidate: ['blocks', 'restrictions', 'revenueAtStake'],
    values: ({ data }: { data?: Partial<RestrictionsCreateData> }) => ({ smart_count: data?.restrictions?.length ?? 0, target: target.name }),
    onSuccess: close,
  });
  const add = writeOf(adding, useCreate<RestrictionsCreateData, unknown, RestrictionGroupRecord>('restrictions', undefined, adding), (restrictions: string[]) => ({
    data: { restrictionType, restrictions },
    meta: entityPath(scope),
  }));
  return {
    group,
    blocked,
    target,
    toast,
    setStep,
    add,
    frame: { target: target.line, step, onClose: close, onBack: () => setStep('choose'), saving: add.isPending, errorKey: add.errorKey },
  };
}
