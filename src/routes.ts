/**
 * Every route of the console (spec section 2), written once: App.tsx mounts these paths, the menu, links and
 * redirects build their addresses from them, so no screen spells a path by hand. Pure strings and builders (the
 * public pages read it too, from the entry chunk).
 */
import { MAX_ID } from './lib/limits';

/**
 * react-admin's record id, spelled here: the server builds the console's addresses in its e-mails from this module
 * (invitation, reset, unsubscribe, alerts, API keys) and needs no react-admin.
 */
type Identifier = string | number;

const zoneRoot = (zoneId: Identifier) => `/zones/edit/${encodeURIComponent(String(zoneId))}`;

/** The edit screen's tabs, in their order. */
export const ZONE_TABS = ['overview', 'slots', 'blocking', 'history'] as const;
export type ZoneTab = (typeof ZONE_TABS)[number];

export function isZoneTab(value: string | undefined): value is ZoneTab {
  return (ZONE_TABS as readonly (string | undefined)[]).includes(value);
}

/** The edit screen's tabs, the Block URLs modal over the overview and the slot request modal over the slots tab. */
export type ZoneEditSubPath = ZoneTab | 'overview/blocked-urls/create' | 'slots/create';

export const zonePaths = {
  list: '/zones',
  create: '/zones/new',
  edit: (zoneId: Identifier, sub?: ZoneEditSubPath) => (sub ? `${zoneRoot(zoneId)}/${sub}` : zoneRoot(zoneId)),
  overview: (zoneId: Identifier) => `${zoneRoot(zoneId)}/overview`,
  /** Route patterns (useMatch). */
  patterns: { edit: '/zones/edit/:zoneId/*', tab: '/zones/edit/:zoneId/:tab/*', slotRequest: '/zones/edit/:zoneId/slots/create', blockUrls: '/zones/edit/:zoneId/overview/blocked-urls/create' },
  /** The modal routes below a tab's own route (its nested <Routes>). */
  modals: { blockUrls: 'blocked-urls/create', slotRequest: 'create' },
} as const;

/** The route's zone id as the contract's id, or null when it cannot name a zone ('abc', '0', '007x', too big). */
export function parseZoneId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/**
 * The blocking screen's modal routes (spec section 2), below the screen's own path (the global page or a zone's
 * blocking tab), each bookmarkable so Back closes it.
 */
export const blockingModalPaths = {
  iabCreate: 'iab/create',
  iabEdit: (categoryId: string) => `iab/${encodeURIComponent(categoryId)}/edit`,
  iabEditPattern: 'iab/:categoryId/edit',
  advertisers: 'block-advertisers/create',
  domains: 'block-advertiser-domains/create',
  import: 'import',
} as const;

/**
 * The name of the react-admin <Resource> that serves `path` and the addresses below it (App.tsx): a Resource's name
 * is its route prefix (react-admin mounts it at `/${name}/*`), so it is the spec's path without its leading slash
 * ('account-settings/history'). It is the Resource's ResourceContext too, which none of the console's data calls
 * read: each list and hook names its data provider resource ('history', 'members') explicitly (ARCHITECTURE.md).
 */
export function resourceOf(path: string): string {
  if (!path.startsWith('/') || path.length < 2) throw new Error(`${path} cannot name a Resource`);
  return path.slice(1);
}

/** `path` relative to the Resource path `parent` it lies below: a child <Route> of that Resource ('previous'). */
export function childOf(parent: string, path: string): string {
  if (!path.startsWith(`${parent}/`)) throw new Error(`${path} is not below ${parent}`);
  return path.slice(parent.length + 1);
}

export const paths = {
  root: '/',
  // Public pages (no layout)
  login: '/login',
  forgot: '/forgot',
  /** The reset page of the e-mailed link (tk, ts, ue). */
  reset: '/auth',
  externalLogin: '/external-login',
  // The publisher chooser
  browse: '/browse',
  // Signed-in areas
  home: '/home',
  reporting: (reportingType = 'reporting') => `/home/${reportingType}`,
  payments: '/payments',
  previousPayments: '/payments/previous',
  zones: zonePaths.list,
  globalBlocks: '/global-advertiser-blocks',
  accountSettings: '/account-settings',
  inclusiveInventory: '/account-settings/inclusive-inventory-program',
  adsTxt: '/account-settings/authorized-digital-sellers',
  billing: '/account-settings/billing',
  passwordUpdate: '/account-settings/password-update',
  history: '/account-settings/history',
  // Revenue alerts (issue 23)
  alerts: '/alerts',
  alert: (alertId: Identifier) => `/alerts/${encodeURIComponent(String(alertId))}`,
  /** The route pattern of `alert` (useParams: alertId). */
  alertPattern: '/alerts/:alertId',
  notificationSettings: '/account-settings/notifications',
  // The ad review center (issue 28)
  creatives: '/creatives',
  creative: (creativeId: Identifier) => `/creatives/${encodeURIComponent(String(creativeId))}`,
  /** The route pattern of `creative` (useParams: creativeId). */
  creativePattern: '/creatives/:creativeId',
  /** The public page of an e-mail's unsubscribe link (token). */
  unsubscribe: '/unsubscribe',
  team: '/account-settings/team',
  security: '/account-settings/security',
  /** The publisher's API keys (issue 29). */
  apiKeys: '/account-settings/api-keys',
  /** The invitation page of the e-mailed link (tk, ue). */
  invitation: '/invitation',
  // The ads.txt monitor (issue 27): the publisher's sites, one site, and network staff's failing sites
  adsTxtMonitor: '/account-settings/ads-txt-monitor',
  adsTxtSite: (siteId: Identifier) => `/account-settings/ads-txt-monitor/${encodeURIComponent(String(siteId))}`,
  /** The route pattern of `adsTxtSite` (useParams: siteId). */
  adsTxtSitePattern: '/account-settings/ads-txt-monitor/:siteId',
  networkAdsTxt: '/network/ads-txt-monitor',
} as const;
