/**
 * The ad review center's writes of blocks (issue 28), the existing restriction writes: a block is a `creative`,
 * `advertiser` or `advertiser_domain` restriction of the publisher (everywhere) or of its zones, added with
 * react-admin's useCreate('restrictions') (one history entry per publisher or zone, each with Undo), and a creative
 * unblocked by value as one change of its entity (changeRestrictions). The lists, figures and history refetch after.
 */
import { useCreate } from 'react-admin';
import type { RestrictionGroupRecord, RestrictionsCreateData, RestrictionType } from '../../dataProvider/resources';
import { useWrite } from '../../notices/useWrite';
import { useWriteNotices, writeOf } from '../../notices/useWriteNotices';

export interface BlockTarget {
  entity: 'publisher' | 'zone';
  entityId: number;
  /** What the notice names: the publisher, or 'zone (publisher)'. */
  name: string;
}

const AFTER = ['creatives', 'blocks', 'restrictions', 'revenueAtStake', 'history'] as const;

export function useBlock(onSuccess?: () => void) {
  const adding = useWriteNotices('createRestrictions', {
    invalidate: AFTER,
    values: ({ meta }: { meta?: { targetName?: string } }) => ({ smart_count: 1, target: meta?.targetName ?? '' }),
    onSuccess,
  });
  return writeOf(adding, useCreate<RestrictionsCreateData, unknown, RestrictionGroupRecord>('restrictions', undefined, adding), ({ target, type, value }: { target: BlockTarget; type: RestrictionType; value: string }) => ({
    data: { restrictionType: type, restrictions: [value] },
    meta: { entity: target.entity, entityId: target.entityId, targetName: target.name },
  }));
}

export function useUnblockCreative() {
  return useWrite('unblockCreative', {
    mutationFn: ({ entity, entityId, creativeId }: { entity: 'publisher' | 'zone'; entityId: number; creativeId: number }, dataProvider) =>
      dataProvider.changeRestrictions({ entity, entityId }, { add: [], remove: [{ type: 'creative', restrictions: [String(creativeId)] }] }),
    invalidate: AFTER,
  });
}
