// Which calls of the contract the change history records, in one place. Every call that is not a GET is either a
// write that records exactly one entry (RECORDED) or a call that changes nothing the history shows
// (RECORDS_NOTHING); the server refuses to start with a call in neither list (app.ts), and the server suite checks
// both lists against the contract (tests/server/historyRecording.test.ts).
import type { OperationId } from '../http/handlers';
import type { RecordedKind, Recording } from './types';

export const RECORDED = {
  requestZone: 'ZONE',
  updateZone: 'ZONE',
  putZoneServices: 'PRODUCTS',
  deleteZoneService: 'PRODUCTS',
  addBlockedUrls: 'BLOCKED_URLS',
  deleteBlockedUrl: 'BLOCKED_URLS',
  requestSlots: 'SLOTS',
  createRestrictions: 'BLOCKS',
  updateRestrictions: 'BLOCKS',
  deleteRestrictions: 'BLOCKS',
  changeRestrictions: 'BLOCKS',
  deleteMatchingRestrictions: 'BLOCKS',
  importRestrictions: 'BLOCKS',
  saveZoneDomainSelfIdentifiers: 'SELF_IDENTIFIERS',
  acceptGdpr: 'GDPR',
  changePassword: 'PASSWORD',
  resetPassword: 'PASSWORD',
  undoHistoryEntry: 'UNDONE',
  updateMember: 'MEMBER',
  removeMember: 'MEMBER',
  acceptInvitation: 'MEMBER',
  createInvitation: 'INVITATION',
  revokeInvitation: 'INVITATION',
  setTwoFactorRequirement: 'TEAM_SETTINGS',
  setSellersJsonSetting: 'TEAM_SETTINGS',
  resetMemberTwoFactor: 'TWO_FACTOR',
  confirmTwoFactor: 'TWO_FACTOR',
  confirmSecondFactorSetup: 'TWO_FACTOR',
  disableTwoFactor: 'TWO_FACTOR',
  regenerateRecoveryCodes: 'TWO_FACTOR',
  createApiKey: 'API_KEY',
  revokeApiKey: 'API_KEY',
  // A bad-ad report (issue 28): every action from the ad review is one entry with undo; the undo takes it back.
  reportCreative: 'AD_REPORT',
} as const satisfies { [O in OperationId]?: RecordedKind };

/**
 * Calls that are not GETs but record nothing: searches and checks sent as POST for their bodies, frame addresses,
 * the sign-in and reset-mail calls (their throttling counters and outbox are no change of the account), a
 * second-factor set-up not confirmed yet (nothing is on until its code), and the sessions a user ends (sign-ins
 * and sign-outs are not changes of the account either).
 */
export const RECORDS_NOTHING = [
  'searchZones',
  'getRevenueAtStake',
  'checkRestrictionImport',
  'getPaymentProviderUrl',
  'getDashboardUrl',
  'validateResetLink',
  'login',
  'forgetPassword',
  // Revenue alerts (issue 23): a user's own reading of an alert, their notification settings and unsubscribing
  // from them are per-user state, no change of the publisher's account that the history would show or undo.
  'updateRevenueAlertState',
  'updateNotificationSettings',
  'unsubscribeFromEmails',
  'verifySecondFactor',
  'startSecondFactorSetup',
  'startTwoFactorSetup',
  'checkInvitation',
  'endSession',
  'endOtherSessions',
  'renewToken',
  // "Check now" (issue 27): a crawl of the site outside its schedule, no change of the publisher's settings.
  'checkAdsTxtSite',
  // The ad review center (issue 28): the visit mark is the caller's own reading, like an alert's.
  'markCreativesVisited',
] as const satisfies readonly OperationId[];

/**
 * Writes whose handler opens the transaction itself, around the change: a refused password guess or second-factor
 * code must still count against its throttling keys (a transaction around the whole call would roll the count
 * back), and a password hash (tenths of a second at the production cost) must not hold the database, which PGlite has one connection to.
 */
export const OWN_TRANSACTION = [
  'changePassword',
  'resetPassword',
  'acceptInvitation',
  'confirmSecondFactorSetup',
  'confirmTwoFactor',
  'disableTwoFactor',
  'regenerateRecoveryCodes',
] as const satisfies readonly (keyof typeof RECORDED)[];

/** How a contract operation records; throws for a call that is neither read-only nor classified above. */
export function recordingOf(operationId: string, method: string): Recording {
  const kind = (RECORDED as Partial<Record<string, RecordedKind>>)[operationId];
  const nothing = (RECORDS_NOTHING as readonly string[]).includes(operationId);
  if (method === 'GET') {
    if (kind || nothing) throw new Error(`${operationId} is a GET: it cannot write, so it has no place in the history's lists`);
    return { mode: 'none' };
  }
  if (kind && nothing) throw new Error(`${operationId} is both recorded and read-only in server/src/history/operations.ts`);
  if (nothing) return { mode: 'none' };
  if (!kind) {
    throw new Error(
      `${method} ${operationId} is a write the change history does not know: add it to RECORDED (and record its change) or to RECORDS_NOTHING in server/src/history/operations.ts`,
    );
  }
  return (OWN_TRANSACTION as readonly string[]).includes(operationId) ? { mode: 'own-transaction', kind } : { mode: 'transaction', kind };
}
