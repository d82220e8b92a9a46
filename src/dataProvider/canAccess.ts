/**
 * Who may open what (spec section 6) as one pure function, used by the authProvider, the menu and the route
 * guards so they can never disagree.
 *
 * Rules:
 * - 'change-publisher': internal users, or external users with more than one publisher.
 * - 'publishers.search-all': internal users only.
 * - Everything else needs a selected publisher.
 * - Legacy just-premium publishers (business unit id, src/lib/businessUnits.ts) cannot open zones (any action,
 *   so zones/new and zones/edit too), global-advertiser-blocks, the inclusive inventory program or previous
 *   payments, or the change history (issue 12). Their account settings are billing, password-update and
 *   authorized-digital-sellers only.
 * - Internal users acting for a publisher see what that publisher may see: legacy limits apply to them too.
 * The action is not used yet: no rule in the spec depends on it, and every rule above holds for all actions.
 */
import { isLegacyJustPremium } from '../lib/businessUnits';
import type { SessionState } from './session';

export const PORTAL_RESOURCES = [
  'reporting',
  'payments',
  'payments.previous',
  'zones',
  'global-advertiser-blocks',
  'account-settings',
  'account-settings.inclusive-inventory-program',
  'account-settings.authorized-digital-sellers',
  'account-settings.billing',
  'account-settings.password-update',
  'account-settings.history',
  'change-publisher',
  'publishers.search-all',
] as const;

export type PortalResource = (typeof PORTAL_RESOURCES)[number];

export interface AccessSubject {
  isInternal: boolean;
  roles: readonly string[];
  publisher: { businessUnit: { id: number } } | null;
  publisherCount: number;
}

const NOT_FOR_LEGACY: ReadonlySet<PortalResource> = new Set([
  'zones',
  'global-advertiser-blocks',
  'account-settings.inclusive-inventory-program',
  'payments.previous',
  'account-settings.history',
]);

export function isPortalResource(value: string): value is PortalResource {
  return (PORTAL_RESOURCES as readonly string[]).includes(value);
}

export function canAccess(subject: AccessSubject, resource: PortalResource, _action?: string): boolean {
  switch (resource) {
    case 'change-publisher':
      return subject.isInternal || subject.publisherCount > 1;
    case 'publishers.search-all':
      return subject.isInternal;
    default:
      if (subject.publisher === null) return false;
      return !(NOT_FOR_LEGACY.has(resource) && isLegacyJustPremium(subject.publisher));
  }
}

/** Without a token nothing is accessible, whatever publisher is still stored. */
export function subjectFromSession(state: Pick<SessionState, 'token' | 'publisher' | 'publishers'>): AccessSubject {
  if (state.token === null) return { isInternal: false, roles: [], publisher: null, publisherCount: 0 };
  return {
    isInternal: state.token.isInternal,
    roles: state.token.user.roles,
    publisher: state.publisher,
    publisherCount: state.publishers.length,
  };
}
