/**
 * The restriction types (spec section 3 'Restriction'), in the contract's enum order (RestrictionType): the
 * order of the groups in every restriction answer, and the types the console reads and writes.
 */
export const RESTRICTION_TYPES = ['advertiser', 'advertiser_domain', 'iab_category', 'creative'] as const;
export type RestrictionTypeName = (typeof RESTRICTION_TYPES)[number];
export type ClusivityName = 'EXCLUDE' | 'INCLUDE';

/**
 * Why a user may not add, set or remove exclusions of `type` (spec section 6), or null when they may. The one rule
 * for the console (which offers the change or says why not) and the server (which refuses it):
 * - 'internalAdvertiser': internal staff may not change advertiser exclusions of any publisher or zone ("EXCLUSION
 *   changes are not permitted on the advertiser blocking screen"); the server answers 403;
 * - 'included': the clusivity that applies (the type's, or an inclusion row's own) is INCLUDE: the list is the
 *   account manager's; the server answers 409 CLUSIVITY_CONFLICT.
 * The staff rule is checked first: it holds whatever the clusivity.
 */
export function restrictionChangeRefusal(type: RestrictionTypeName, clusivity: ClusivityName | null, isInternal: boolean): 'internalAdvertiser' | 'included' | null {
  if (isInternal && type === 'advertiser') return 'internalAdvertiser';
  if (clusivity === 'INCLUDE') return 'included';
  return null;
}
