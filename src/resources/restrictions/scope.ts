/**
 * What the blocking screens share: the entity whose blocks they show (the publisher on the global page, a zone
 * on its blocking tab) and the names every confirmation gives it, the whole restriction group of a type (the dialogs
 * read it to know what is blocked already), and who may change what (spec section 6).
 */
import { useGetList } from 'react-admin';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import type { RestrictionGroupRecord, RestrictionType } from '../../dataProvider/resources';
import { useSession } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { restrictionChangeRefusal } from '../../lib/restrictions';

export interface BlockingScope {
  entity: 'publisher' | 'zone';
  entityId: number;
  publisherId: number;
  /** The publisher's name, and the zone's on a zone: every confirmation names what it acts on (issue 21). */
  publisherName: string;
  zoneName?: string;
  /** Where the screen is mounted ('/global-advertiser-blocks', '/zones/edit/7/blocking'); modals open below it. */
  basePath: string;
}

/**
 * What a blocking confirmation acts on, as its buttons and its target line name it: the publisher ('Atlas News'),
 * or the zone with its publisher ('Atlas sports (Atlas News)'). Taken from the scope the screen was drawn for, so
 * a publisher chosen meanwhile in another tab never changes what a dialog says or writes (issue 21).
 */
export function useBlockingTarget(scope: BlockingScope): { name: string; line: string } {
  const { translate } = useI18n();
  if (scope.entity === 'zone') {
    const zone = scope.zoneName ?? String(scope.entityId);
    return {
      name: translate('blocking.target.zoneName', { zone, publisher: scope.publisherName }),
      line: translate('blocking.target.zone', { zone, id: scope.entityId, publisher: scope.publisherName }),
    };
  }
  return { name: scope.publisherName, line: translate('blocking.target.publisher', { publisher: scope.publisherName }) };
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

/** Whether this user may remove the row here: the entity's own rows (not a zone's Global ones) it may change. */
export function isRemovable(row: Restriction, type: RestrictionType, isInternal: boolean): boolean {
  return row.tag === null && restrictionChangeRefusal(type, row.clusivity, isInternal) === null;
}

/** The internal publisher or zone settings page (spec section 6), from the runtime configuration of this backend. */
export function internalSettingsUrl(scope: BlockingScope): string {
  const config = getRuntimeConfig();
  return scope.entity === 'zone'
    ? config.internalZoneUrl.replace('{zoneId}', encodeURIComponent(String(scope.entityId)))
    : config.internalPublisherUrl.replace('{publisherId}', encodeURIComponent(String(scope.publisherId)));
}
