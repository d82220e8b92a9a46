/**
 * What the blocking screens share: the entity whose blocks they show (the publisher on the global page, a zone
 * on its blocking tab), the restriction group of each section, who may change what (spec section 6), and the
 * optimistic removal of rows from the grouped lists.
 */
import { useGetList } from 'react-admin';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import { listKey, type OptimisticChange } from '../../dataProvider/optimistic';
import type { RestrictionGroupRecord, RestrictionType } from '../../dataProvider/resources';
import { useSession } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { restrictionChangeRefusal } from '../../lib/restrictions';

export interface BlockingScope {
  entity: 'publisher' | 'zone';
  entityId: number;
  publisherId: number;
  /** Where the screen is mounted ('/global-advertiser-blocks', '/zones/edit/7/blocking'); modals open below it. */
  basePath: string;
}

export type Restriction = RestrictionGroupRecord['restrictions'][number];

export const entityPath = (scope: BlockingScope) => ({ entity: scope.entity, entityId: scope.entityId });

/** One section's group: its rows (publisher-level ones tagged Global on a zone) and the clusivity that applies. */
export function useRestrictionGroup(scope: BlockingScope, type: RestrictionType) {
  const { locale } = useI18n();
  const query = useGetList<RestrictionGroupRecord>('restrictions', {
    filter: { ...entityPath(scope), restrictionType: type, language: locale },
  });
  const group = query.data?.find((record) => record.restrictionType === type);
  return { ...query, rows: group?.restrictions ?? [], clusivity: group?.clusivity ?? null };
}

export type AddRule = { kind: 'allowed' } | { kind: 'accountManager' } | { kind: 'internal' };

/**
 * Spec section 6, the rule shared with the server (restrictionChangeRefusal): internal users get the notice with
 * the internal settings link, for advertiser exclusions and for a type whose clusivity is INCLUDE; an ordinary
 * publisher whose applicable clusivity is INCLUDE gets 'contact your account manager'.
 */
export function addRule(type: RestrictionType, clusivity: RestrictionGroupRecord['clusivity'], isInternal: boolean): AddRule {
  const refusal = restrictionChangeRefusal(type, clusivity, isInternal);
  if (refusal === 'internalAdvertiser' || (refusal === 'included' && isInternal)) return { kind: 'internal' };
  if (refusal === 'included') return { kind: 'accountManager' };
  return { kind: 'allowed' };
}

export function useIsInternal(): boolean {
  return useSession().token?.isInternal ?? false;
}

/**
 * The rows a user sees: inclusion lists only for internal users ('the INCLUDED restrictions that apply are
 * shown'), a zone's Global rows unless hidden.
 */
export function visibleRows(rows: readonly Restriction[], options: { isInternal: boolean; hideGlobal: boolean }): Restriction[] {
  return rows.filter((row) => (options.isInternal || row.clusivity !== 'INCLUDE') && !(options.hideGlobal && row.tag === 'Global'));
}

/** Whether this user may remove the row here: the entity's own rows (not a zone's Global ones) it may change. */
export function isRemovable(row: Restriction, type: RestrictionType, isInternal: boolean): boolean {
  return row.tag === null && restrictionChangeRefusal(type, row.clusivity, isInternal) === null;
}

/**
 * Takes restriction rows out of this entity's cached group of `type` (a field change of the group record, so a
 * failure puts back the rows it replaced). Narrowed to the entity: groups of every entity share their type as id.
 */
export function removeRestrictionRows(scope: BlockingScope, type: RestrictionType, rows: readonly Restriction[], ids: readonly number[]): OptimisticChange {
  const gone = new Set(ids);
  return {
    kind: 'update',
    queryKeys: [listKey('restrictions', entityPath(scope))],
    id: type,
    changes: { restrictions: rows.filter((row) => !gone.has(row.id)) },
  };
}

/** The internal publisher or zone settings page (spec section 6), from the runtime configuration of this backend. */
export function internalSettingsUrl(scope: BlockingScope): string {
  const config = getRuntimeConfig();
  return scope.entity === 'zone'
    ? config.internalZoneUrl.replace('{zoneId}', encodeURIComponent(String(scope.entityId)))
    : config.internalPublisherUrl.replace('{publisherId}', encodeURIComponent(String(scope.publisherId)));
}
