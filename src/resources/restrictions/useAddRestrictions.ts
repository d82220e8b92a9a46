/**
 * What the advertiser and advertiser-domain add dialogs share: the publisher's (or zone's) blocks of the type, the
 * entries already blocked (its exclusions), the choose/review step, the 'already blocked' toast, and the write
 * adding the new entries, which closes the dialog. `frame` goes on the AddDialogFrame.
 */
import { useMemo, useState } from 'react';
import type { RestrictionType } from '../../dataProvider/resources';
import { useAlreadyBlockedToast } from '../../notices/useAlreadyBlockedToast';
import { useWrite } from '../../notices/useWrite';
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
  const add = useWrite('createRestrictions', {
    mutationFn: (restrictions: string[], dataProvider) => dataProvider.create('restrictions', { data: { restrictionType, restrictions }, meta: entityPath(scope) }),
    invalidate: ['blocks', 'restrictions', 'revenueAtStake'],
    values: (restrictions) => ({ smart_count: restrictions.length, target: target.name }),
    onSuccess: close,
  });
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
