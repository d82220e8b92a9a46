/**
 * External addresses shown in the footer and on the public pages, in one place so legal can change them
 * without hunting through components. The FAQ address comes from the runtime configuration (config.faqUrl).
 * Publisher terms: spec section 1; which one applies is usesNewTermsLink() in src/lib/publisherRules.ts.
 */
export const EXTERNAL_LINKS = {
  optOut: 'https://www.adnetwork.example/legal/opt-out',
  privacyPolicy: 'https://www.adnetwork.example/legal/privacy-policy',
  publisherTerms: {
    /** Publishers created up to 2022-11-25 (and not legacy just-premium). */
    original: 'https://www.adnetwork.example/legal/publisher-terms-2019',
    /** Legacy just-premium publishers and those created after 2022-11-25. */
    current: 'https://www.adnetwork.example/legal/publisher-terms',
  },
} as const;

export function publisherTermsUrl(usesNewTerms: boolean): string {
  return usesNewTerms ? EXTERNAL_LINKS.publisherTerms.current : EXTERNAL_LINKS.publisherTerms.original;
}
