/**
 * Business units (spec section 3: region ids US 1, UK 2, AUS 3, EU 4, JAP 5, CAN 6).
 *
 * The spec identifies legacy just-premium publishers "by business unit id" but gives that unit no id. 7 is this
 * project's choice, shared with the contract (BusinessUnitId) and the reference server's seed data.
 */

export const BUSINESS_UNIT_IDS = { US: 1, UK: 2, AUS: 3, EU: 4, JAP: 5, CAN: 6 } as const;

export const LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID = 7;

/** A missing publisher is not legacy: callers decide separately what having no publisher means. */
export function isLegacyJustPremium(publisher: { businessUnit: { id: number } } | null | undefined): boolean {
  return publisher?.businessUnit.id === LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID;
}

/**
 * The currency a publisher earns and is paid in: yen for the Japanese business unit, US dollars for every other
 * (the network pays in dollars outside Japan; its payment ledger and report rows are kept that way).
 */
export function publisherCurrency(businessUnitId: number): 'JPY' | 'USD' {
  return businessUnitId === BUSINESS_UNIT_IDS.JAP ? 'JPY' : 'USD';
}
