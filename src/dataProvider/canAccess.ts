/**
 * Who may open what (spec section 6, issue 22) as one pure function, used by the authProvider, the menu, the route
 * guards and the buttons (useCanAccess below) so they can never disagree.
 *
 * Rules:
 * - 'change-publisher': internal users, or external users with more than one publisher.
 * - 'publishers.search-all': internal users only.
 * - Everything else needs a selected publisher.
 * - Legacy just-premium publishers (business unit id, src/lib/businessUnits.ts) cannot open zones (any action,
 *   so zones/new and zones/edit too), global-advertiser-blocks, the inclusive inventory program or previous
 *   payments, the change history (issue 12), the team (issue 22), API keys (issue 29), the ad review center (issue 28) or the ads.txt monitor (issue 27). Their account settings are billing,
 *   password-update and authorized-digital-sellers only, the user's own security page (two-factor sign-in
 *   and sessions belong to the user, not to a publisher, as the password does), and the notifications of the
 *   revenue alerts (issue 23), which they get too.
 * - The caller's role in the selected publisher's team (the Publisher record's `role`, from the API; network
 *   staff are 'STAFF') decides each area and action through the role table of src/lib/roles.ts: every
 *   (resource, action) below names the contract operation it stands for, and may open it when mayCall allows
 *   that operation. `show` is the page or menu entry itself ('list' too, where a page names no list of its own);
 *   an action the resource does not list is refused.
 * - Internal users acting for a publisher see what that publisher may see: legacy limits apply to them too.
 */
import { isLegacyJustPremium } from '../lib/businessUnits';
import { mayCall, ruleOf, type Caller, type OperationId, type Role } from '../lib/roles';
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
  'account-settings.security',
  'account-settings.history',
  'account-settings.team',
  'account-settings.api-keys',
  'gdpr',
  'alerts',
  'creatives',
  'account-settings.notifications',
  // The ads.txt monitor (issue 27): the publisher's sites; every publisher's failing sites for network staff.
  'account-settings.ads-txt-monitor',
  'network.ads-txt-monitor',
  'change-publisher',
  'publishers.search-all',
] as const;

export type PortalResource = (typeof PORTAL_RESOURCES)[number];

/**
 * The console's resource/action view of the role table: the operation each stands for. A section that only groups
 * pages ('account-settings') has none: the menu shows it when a child shows.
 */
export const RESOURCE_OPERATIONS: Readonly<Record<PortalResource, Readonly<Record<string, OperationId>>>> = {
  reporting: { show: 'getDashboardUrl' },
  payments: { show: 'getPaymentProviderUrl' },
  'payments.previous': { show: 'listPaymentLedger' },
  zones: { show: 'searchZones', list: 'searchZones', edit: 'updateZone', create: 'requestZone', requestSlots: 'requestSlots' },
  'global-advertiser-blocks': { show: 'listRestrictions', list: 'listRestrictions', edit: 'createRestrictions' },
  'account-settings': {},
  'account-settings.inclusive-inventory-program': { show: 'listZoneDomainSelfIdentifiers', edit: 'saveZoneDomainSelfIdentifiers' },
  'account-settings.authorized-digital-sellers': { show: 'getAdsTxt' },
  'account-settings.billing': { show: 'getPaymentProviderUrl' },
  'account-settings.password-update': { show: 'changePassword' },
  'account-settings.security': { show: 'getTwoFactor' },
  'account-settings.history': { show: 'listHistory', list: 'listHistory', undo: 'undoHistoryEntry' },
  alerts: { show: 'listRevenueAlerts', list: 'listRevenueAlerts', edit: 'updateRevenueAlertState' },
  /** The ad review center (issue 28): its blocks are restriction writes, shown by their own operations (useMayCall). */
  creatives: { show: 'listCreatives', list: 'listCreatives' },
  'account-settings.notifications': { show: 'getNotificationSettings', edit: 'updateNotificationSettings' },
  'account-settings.team': {
    show: 'listMembers',
    list: 'listMembers',
    edit: 'updateMember',
    invite: 'createInvitation',
    require: 'setTwoFactorRequirement',
    resetTwoFactor: 'resetMemberTwoFactor',
  },
  /** Issue 29: admins list, make and revoke; network staff list and revoke (NOT_FOR_STAFF). */
  'account-settings.api-keys': { show: 'listApiKeys', list: 'listApiKeys', create: 'createApiKey', revoke: 'revokeApiKey' },
  /** The GDPR banner's accept button: accepting binds the whole publisher. */
  gdpr: { accept: 'acceptGdpr' },
  'account-settings.ads-txt-monitor': { show: 'listAdsTxtSites', list: 'listAdsTxtSites' },
  /** Network staff only (canAccess below): the operation names no publisher, so the role table alone would let anyone in. */
  'network.ads-txt-monitor': { show: 'listFailingAdsTxtSites' },
  'change-publisher': {},
  'publishers.search-all': {},
};

export interface AccessSubject {
  isInternal: boolean;
  roles: readonly string[];
  publisher: { businessUnit: { id: number }; role?: Role | null } | null;
  publisherCount: number;
}

const NOT_FOR_LEGACY: ReadonlySet<PortalResource> = new Set([
  'zones',
  'global-advertiser-blocks',
  'account-settings.inclusive-inventory-program',
  'payments.previous',
  'account-settings.history',
  'account-settings.team',
  'account-settings.api-keys',
  'creatives',
  // The ads.txt monitor watches the zones' sites, and the reduced product has no zones (its ads.txt lines page stays).
  'account-settings.ads-txt-monitor',
]);

/**
 * What network staff may not do for a publisher although the role table lets staff call it: make its API keys (a
 * key is the publisher's own credential; the createApiKey handler answers staff 403).
 */
const NOT_FOR_STAFF: ReadonlySet<OperationId> = new Set(['createApiKey']);

export function isPortalResource(value: string): value is PortalResource {
  return (PORTAL_RESOURCES as readonly string[]).includes(value);
}

/** Who the subject is to the role table: network staff, a member's role in the selected publisher, or nobody. */
export function callerOf(subject: AccessSubject): Caller {
  if (subject.isInternal) return 'STAFF';
  return subject.publisher?.role ?? null;
}

export function canAccess(subject: AccessSubject, resource: PortalResource, action = 'show'): boolean {
  switch (resource) {
    case 'change-publisher':
      return subject.isInternal || subject.publisherCount > 1;
    case 'publishers.search-all':
      return subject.isInternal;
    case 'network.ads-txt-monitor':
      return subject.isInternal && subject.publisher !== null;
    case 'account-settings':
      return subject.publisher !== null;
    default: {
      if (subject.publisher === null) return false;
      if (NOT_FOR_LEGACY.has(resource) && isLegacyJustPremium(subject.publisher)) return false;
      // react-admin asks 'list' of a page: a page that lists nothing of its own is its 'show'.
      const view = RESOURCE_OPERATIONS[resource];
      const operation = view[action] ?? (action === 'list' ? view.show : undefined);
      return operation !== undefined && mayCallFor(subject, operation);
    }
  }
}

/**
 * Whether the subject may call `operation` for the selected publisher: the role table's answer (src/lib/roles.ts)
 * for the caller's role, the rule canAccess applies to the page the operation stands for. A write button asks this
 * of its own operation (useMayCall), not of a page's action that may cover several writes.
 */
export function mayCallFor(subject: AccessSubject, operation: OperationId): boolean {
  if (subject.publisher === null) return false;
  if (subject.isInternal && NOT_FOR_STAFF.has(operation)) return false;
  // The user's own account (password, security) is theirs whatever their role in the publisher.
  return ruleOf(operation).scope === 'account' || mayCall(callerOf(subject), operation);
}

/**
 * Why `canAccess` refuses, for a page that says so: the publisher's product has no such area (legacy just premium),
 * or the user's role in its team does not include it. Null when it allows, or when there is no publisher.
 */
export function refusalOf(subject: AccessSubject, resource: PortalResource, action = 'show'): 'product' | 'role' | null {
  if (subject.publisher === null || canAccess(subject, resource, action)) return null;
  return NOT_FOR_LEGACY.has(resource) && isLegacyJustPremium(subject.publisher) ? 'product' : 'role';
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
