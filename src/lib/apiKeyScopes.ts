/**
 * API keys (issue 29): the scopes an admin gives a key, each mapped onto operations of the role table
 * (src/lib/roles.ts). A key is a principal of its own, for one publisher: it may call an operation when one of
 * its scopes lists it, and the role table's rule of that operation still decides the rest (a publisher's
 * operation checks the publisher; every scope's operations are ones its `role` may call, so a key never does
 * more than a member of that role). A key never manages members, security, sessions, keys or notification
 * settings: those operations are left out of every scope by the type below, so listing one does not compile.
 *
 * The contract says the same twice: the operations of every scope, and only they, carry the apiKeyAuth
 * security scheme (tests/unit/lib/apiKeyScopes.test.ts holds them equal).
 */
import { mayCall, type OperationId, type Role } from './roles';

export const API_KEY_SCOPES = ['reports:read', 'zones:read', 'zones:write', 'blocks:read', 'blocks:write', 'payments:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The secret's prefix, so secret scanners can spot a key (the secret is this and 40 random characters). */
export const API_KEY_PREFIX = 'pp_live_';
/** A key lives at most this long (the contract: one year). */
export const API_KEY_MAX_DAYS = 365;
/** Keys neither revoked nor expired, per publisher. */
export const MAX_ACTIVE_API_KEYS = 100;
/** Allowed client addresses (CIDR blocks) per key. */
export const MAX_ALLOWED_ADDRESSES = 20;

/**
 * What no key may ever call, whatever its scopes: the team (members, invitations, its two-factor requirement),
 * the user's own security and sessions, the keys themselves and the notification settings.
 */
export const MANAGEMENT_OPERATIONS = [
  'listMembers',
  'updateMember',
  'removeMember',
  'resetMemberTwoFactor',
  'listInvitations',
  'createInvitation',
  'revokeInvitation',
  'setTwoFactorRequirement',
  'setSellersJsonSetting',
  'changePassword',
  'renewToken',
  'getTwoFactor',
  'startTwoFactorSetup',
  'confirmTwoFactor',
  'disableTwoFactor',
  'regenerateRecoveryCodes',
  'listSessions',
  'endSession',
  'endOtherSessions',
  'listApiKeys',
  'createApiKey',
  'revokeApiKey',
  'getNotificationSettings',
  'updateNotificationSettings',
] as const satisfies readonly OperationId[];

type KeyOperation = Exclude<OperationId, (typeof MANAGEMENT_OPERATIONS)[number]>;

export interface ScopeRule {
  /** The role whose rights bound the scope: each operation below is one the role table lets it call. */
  role: Role;
  operations: readonly KeyOperation[];
}

/** Reference lists the zones' calls name (products, slot sizes and types, placements). */
const ZONE_REFERENCE = ['listServices', 'listSlotSizes', 'listImplementationTypes', 'listSlotPlacements'] as const;
/** Reference lists the blocks' calls name (IAB categories, advertisers). */
const BLOCK_REFERENCE = ['listIabCategories', 'searchAdvertisers'] as const;

export const SCOPE_RULES: Readonly<Record<ApiKeyScope, ScopeRule>> = {
  'reports:read': { role: 'VIEWER', operations: ['getPublisher', 'listReportRows', 'exportReportRows'] },
  'zones:read': {
    role: 'VIEWER',
    operations: ['getPublisher', 'searchZones', 'getZone', 'listZoneServices', 'listBlockedUrls', 'getEmbedCodes', 'listSlots', 'exportSlotEmbedCodes', ...ZONE_REFERENCE],
  },
  'zones:write': {
    role: 'EDITOR',
    operations: ['requestZone', 'updateZone', 'putZoneServices', 'deleteZoneService', 'addBlockedUrls', 'deleteBlockedUrl', 'requestSlots', ...ZONE_REFERENCE],
  },
  'blocks:read': {
    role: 'VIEWER',
    operations: ['getPublisher', 'listRestrictions', 'searchRestrictions', 'exportRestrictions', 'listCreatives', 'getCreative', ...BLOCK_REFERENCE],
  },
  'blocks:write': {
    role: 'EDITOR',
    operations: [
      'createRestrictions',
      'updateRestrictions',
      'deleteRestrictions',
      'changeRestrictions',
      'deleteMatchingRestrictions',
      'checkRestrictionImport',
      'importRestrictions',
      'getRevenueAtStake',
      'reportCreative',
      ...BLOCK_REFERENCE,
    ],
  },
  'payments:read': { role: 'FINANCE', operations: ['getPublisher', 'listPaymentLedger', 'getNextPayment', 'getPaymentEarnings', 'exportPaymentLedger'] },
};

export function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return (API_KEY_SCOPES as readonly unknown[]).includes(value);
}

/** Whether a key with these scopes may call the operation (which publisher it names is the server's check). */
export function keyMayCall(scopes: readonly ApiKeyScope[], operationId: OperationId): boolean {
  return scopes.some((scope) => (SCOPE_RULES[scope].operations as readonly OperationId[]).includes(operationId) && mayCall(SCOPE_RULES[scope].role, operationId));
}

/** Every operation some scope lists: the ones the contract marks with the apiKeyAuth scheme. */
export function keyOperations(): OperationId[] {
  return [...new Set(API_KEY_SCOPES.flatMap((scope) => SCOPE_RULES[scope].operations))].sort();
}
