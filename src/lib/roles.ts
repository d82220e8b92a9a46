/**
 * Roles (issue 22): who may call each operation of the contract, as ONE table of role x operation, read by the
 * server on every operation (server/src/auth/access.ts) and by the console's canAccess (menu, route guards,
 * buttons). A member has one role per publisher; network staff are no members and act for every publisher.
 *
 *   ADMIN    everything, the team included
 *   EDITOR   zones, slots, blocking, ads.txt, the inclusive inventory program, the history; no payments, billing
 *            or team changes
 *   VIEWER   reporting and read-only views of zones, blocks and the history
 *   FINANCE  reporting, payments and billing
 *
 * Every member may read who is on the team (whom to ask for a change). The table is typed by the contract's
 * operations, so an operation added to the contract does not compile until it has a rule here, and
 * tests/unit/lib/roles.test.ts checks the table against the contract itself.
 */
import type { operations } from '../../openapi/portal';

export type OperationId = keyof operations;

/** The contract's Role enum, in order of rights. */
export const ROLES = ['ADMIN', 'EDITOR', 'VIEWER', 'FINANCE'] as const;
export type Role = (typeof ROLES)[number];

/** The roles' names in the server's e-mails (English, as its other mails); the console translates its own. */
export const ROLE_NAMES: Record<Role, string> = { ADMIN: 'Admin', EDITOR: 'Editor', VIEWER: 'Viewer', FINANCE: 'Finance' };

/** Who calls: a member's role, network staff (internal users, no members), or nobody signed in. */
export type Caller = Role | 'STAFF' | null;

export type OperationRule =
  /** No sign-in: the auth service, the console's configuration, the development mailbox. */
  | { scope: 'public' }
  /**
   * The frame pages: no bearer token, a signed address that `issuedBy` gave; the page checks the signer's rights
   * for that operation again when it is opened (a role changed since loses it).
   */
  | { scope: 'frame'; issuedBy: OperationId }
  /** Any signed-in user, for their own account or for reference data: names no publisher. */
  | { scope: 'account' }
  /** For one publisher: its members with one of these roles, and network staff. */
  | { scope: 'publisher'; roles: readonly Role[] };

const PUBLIC = { scope: 'public' } as const;
const ACCOUNT = { scope: 'account' } as const;
const members = (...roles: Role[]): OperationRule => ({ scope: 'publisher', roles });

/** Reporting: every role. */
const EVERY_ROLE = members('ADMIN', 'EDITOR', 'VIEWER', 'FINANCE');
/** Zones, slots, blocks and the history, read. */
const INVENTORY_READ = members('ADMIN', 'EDITOR', 'VIEWER');
/** Zones, slots, blocks, ads.txt and the inclusive inventory program, changed. */
const INVENTORY_WRITE = members('ADMIN', 'EDITOR');
/** Payments and billing. */
const MONEY = members('ADMIN', 'FINANCE');
/** The team's changes, and what binds the whole publisher (GDPR acceptance). */
const ADMIN_ONLY = members('ADMIN');
/** Network staff only (a member's second factor). */
const STAFF_ONLY = members();

export const OPERATION_RULES = {
  // Auth service
  login: PUBLIC,
  verifySecondFactor: PUBLIC,
  startSecondFactorSetup: PUBLIC,
  confirmSecondFactorSetup: PUBLIC,
  forgetPassword: PUBLIC,
  validateResetLink: PUBLIC,
  resetPassword: PUBLIC,
  checkInvitation: PUBLIC,
  acceptInvitation: PUBLIC,
  changePassword: ACCOUNT,
  renewToken: ACCOUNT,
  // The signed-in user's own security
  getTwoFactor: ACCOUNT,
  startTwoFactorSetup: ACCOUNT,
  confirmTwoFactor: ACCOUNT,
  disableTwoFactor: ACCOUNT,
  regenerateRecoveryCodes: ACCOUNT,
  listSessions: ACCOUNT,
  endSession: ACCOUNT,
  endOtherSessions: ACCOUNT,
  // Publishers: the chooser lists the caller's own (with the role in each)
  searchPublishers: ACCOUNT,
  getPublisher: EVERY_ROLE,
  acceptGdpr: ADMIN_ONLY,
  // Team
  listMembers: EVERY_ROLE,
  updateMember: ADMIN_ONLY,
  removeMember: ADMIN_ONLY,
  listInvitations: ADMIN_ONLY,
  createInvitation: ADMIN_ONLY,
  revokeInvitation: ADMIN_ONLY,
  setTwoFactorRequirement: ADMIN_ONLY,
  resetMemberTwoFactor: STAFF_ONLY,
  // API keys (issue 29): admins make them (the handler refuses network staff: a key is the publisher's own
  // credential); admins and staff list and revoke them.
  listApiKeys: ADMIN_ONLY,
  createApiKey: ADMIN_ONLY,
  revokeApiKey: ADMIN_ONLY,
  // Account settings
  getAdsTxt: INVENTORY_WRITE,
  listZoneDomainSelfIdentifiers: INVENTORY_WRITE,
  saveZoneDomainSelfIdentifiers: INVENTORY_WRITE,
  listSelfIdentifiers: ACCOUNT,
  // Reporting and payments
  getDashboardUrl: EVERY_ROLE,
  // The report data API (issue 29): the dashboards' figures as rows, for every role as the dashboards are.
  listReportRows: EVERY_ROLE,
  exportReportRows: EVERY_ROLE,
  getPaymentProviderUrl: MONEY,
  listPaymentLedger: MONEY,
  getNextPayment: MONEY,
  getPaymentEarnings: MONEY,
  exportPaymentLedger: MONEY,
  renderDashboardFrame: { scope: 'frame', issuedBy: 'getDashboardUrl' },
  exportDashboardFrame: { scope: 'frame', issuedBy: 'getDashboardUrl' },
  renderPaymentProviderFrame: { scope: 'frame', issuedBy: 'getPaymentProviderUrl' },
  // History
  listHistory: INVENTORY_READ,
  listHistoryAuthors: INVENTORY_READ,
  undoHistoryEntry: INVENTORY_WRITE,
  // Zones and slots
  searchZones: INVENTORY_READ,
  getZone: INVENTORY_READ,
  listZoneServices: INVENTORY_READ,
  listBlockedUrls: INVENTORY_READ,
  getEmbedCodes: INVENTORY_READ,
  listSlots: INVENTORY_READ,
  exportSlotEmbedCodes: INVENTORY_READ,
  requestZone: INVENTORY_WRITE,
  updateZone: INVENTORY_WRITE,
  putZoneServices: INVENTORY_WRITE,
  deleteZoneService: INVENTORY_WRITE,
  addBlockedUrls: INVENTORY_WRITE,
  deleteBlockedUrl: INVENTORY_WRITE,
  requestSlots: INVENTORY_WRITE,
  // Blocking
  listRestrictions: INVENTORY_READ,
  exportRestrictions: INVENTORY_READ,
  createRestrictions: INVENTORY_WRITE,
  updateRestrictions: INVENTORY_WRITE,
  deleteRestrictions: INVENTORY_WRITE,
  getRevenueAtStake: INVENTORY_WRITE,
  checkRestrictionImport: INVENTORY_WRITE,
  importRestrictions: INVENTORY_WRITE,
  searchRestrictions: INVENTORY_READ,
  changeRestrictions: INVENTORY_WRITE,
  deleteMatchingRestrictions: INVENTORY_WRITE,
  // Revenue alerts (issue 23): what reporting shows, explained; each user's own reading and e-mails
  listRevenueAlerts: EVERY_ROLE,
  getRevenueAlertSummary: EVERY_ROLE,
  getRevenueAlert: EVERY_ROLE,
  updateRevenueAlertState: EVERY_ROLE,
  getNotificationSettings: EVERY_ROLE,
  updateNotificationSettings: EVERY_ROLE,
  /** The e-mails' signed links: their token names the user and publisher (the server checks the user still acts for it). */
  unsubscribeFromEmails: PUBLIC,
  downloadWeeklySummary: PUBLIC,
  // The ads.txt monitor (issue 27): every inventory role reads it, who edits the inventory may check a site now
  listAdsTxtSites: INVENTORY_READ,
  getAdsTxtSite: INVENTORY_READ,
  checkAdsTxtSite: INVENTORY_WRITE,
  /** Network staff only, for no one publisher: the handler refuses members with 403 (the table has no staff scope). */
  listFailingAdsTxtSites: ACCOUNT,
  getSellersJsonSetting: INVENTORY_READ,
  setSellersJsonSetting: ADMIN_ONLY,
  /** The network's sellers.json, public as the IAB specification has it. */
  getSellersJson: PUBLIC,
  // The ad review center (issue 28): its creatives are read like blocks; reporting one is a blocking action. The
  // visit mark is the caller's own. Staff's list of reports across publishers: the handler refuses anyone else.
  listCreatives: INVENTORY_READ,
  getCreative: INVENTORY_READ,
  markCreativesVisited: INVENTORY_READ,
  reportCreative: INVENTORY_WRITE,
  listCreativeReports: ACCOUNT,
  renderCreativePreview: { scope: 'frame', issuedBy: 'listCreatives' },
  // Reference data
  listSlotSizes: ACCOUNT,
  listImplementationTypes: ACCOUNT,
  listSlotPlacements: ACCOUNT,
  listServices: ACCOUNT,
  listIabCategories: ACCOUNT,
  searchAdvertisers: ACCOUNT,
  // The console's support
  getConsoleConfig: PUBLIC,
  getHealth: PUBLIC,
  getReadiness: PUBLIC,
  /** This machine, or a METRICS_TOKEN holder (routes/system/metrics.ts): no user's sign-in. */
  getMetrics: PUBLIC,
  listMailboxMessages: PUBLIC,
} as const satisfies Record<OperationId, OperationRule>;

export function ruleOf(operationId: OperationId): OperationRule {
  return OPERATION_RULES[operationId];
}

/** Whether `caller` may call the operation, by the table alone (which publisher it names is the server's check). */
export function mayCall(caller: Caller, operationId: OperationId): boolean {
  const rule: OperationRule = OPERATION_RULES[operationId];
  switch (rule.scope) {
    case 'public':
      return true;
    case 'account':
      return caller !== null;
    case 'frame':
      return mayCall(caller, rule.issuedBy);
    case 'publisher':
      return caller === 'STAFF' || (caller !== null && rule.roles.includes(caller));
  }
}

export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

/** The roles a member needs for a publisher's operation (a frame page's: those of the call that issued it). */
export function rolesAllowed(operationId: OperationId): readonly Role[] {
  const rule: OperationRule = OPERATION_RULES[operationId];
  if (rule.scope === 'frame') return rolesAllowed(rule.issuedBy);
  return rule.scope === 'publisher' ? rule.roles : ROLES;
}
