/**
 * The restriction types (spec section 3 'Restriction'), in the contract's enum order (RestrictionType): the
 * order of the groups in every restriction answer, and the types the console reads and writes.
 */
export const RESTRICTION_TYPES = ['advertiser', 'advertiser_domain', 'iab_category'] as const;
