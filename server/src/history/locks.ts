// What each recorded write changes, locked before its transaction reads anything. A history entry's `before` is
// read by the write itself; two writes of one object at the same time (two instances, or two connections of one
// instance's pool on PostgreSQL) would otherwise both read the same `before`, and undoing the later one would
// silently drop the other change. Holding the row of the object (its zone, or its publisher for what belongs to the
// publisher as a whole) from the start of the transaction to its commit makes writes of one object take turns, so
// their entries form a chain: the second one's `before` is the first one's `after`.
//
// FOR NO KEY UPDATE: it waits for the other writers of the row and for nobody else (readers never wait, and the
// inserts of rows that refer to the zone or the publisher take only a key-share lock). Publishers before zones, each
// in id order, and always first in the transaction: two writes never hold one row each while waiting for the other's.
// On PGlite, with its one connection, transactions already run one at a time; the same statements run there.
import { ALLOWED_PUBLISHER_SQL } from '../auth/access';
import type { Principal } from '../auth/principal';
import type { Queryable } from '../db/db';
import type { JsonBody, PathParams } from '../http/handlers';
import { changeOf } from '../../../src/lib/history';
import type { EntryRow } from './entries';
import type { RECORDED } from './operations';

export interface LockTargets {
  publishers?: readonly number[];
  zones?: readonly number[];
}

type Recorded = keyof typeof RECORDED;
type LockRule<O extends Recorded> = (call: { params: PathParams<O>; body: JsonBody<O> }) => LockTargets;

const restrictionScope = ({ params }: { params: { entity: 'publisher' | 'zone'; entityId: number } }): LockTargets =>
  params.entity === 'zone' ? { zones: [params.entityId] } : { publishers: [params.entityId] };

/**
 * Every recorded write (server/src/history/operations.ts RECORDED) says what it locks; a string says why it needs no
 * lock here. The type makes a new recorded write name its rule.
 */
export const LOCKS: { [O in Recorded]: LockRule<O> | string } = {
  requestZone: 'creates a zone: its entry has no before',
  updateZone: ({ params }) => ({ zones: [params.zoneId] }),
  putZoneServices: ({ body }) => ({ zones: body.trackingIds }),
  deleteZoneService: ({ params }) => ({ zones: [params.zoneId] }),
  addBlockedUrls: ({ params }) => ({ zones: [params.zoneId] }),
  deleteBlockedUrl: ({ params }) => ({ zones: [params.zoneId] }),
  requestSlots: ({ params }) => ({ zones: [params.zoneId] }),
  createRestrictions: restrictionScope,
  updateRestrictions: restrictionScope,
  deleteRestrictions: restrictionScope,
  importRestrictions: restrictionScope,
  changeRestrictions: restrictionScope,
  deleteMatchingRestrictions: restrictionScope,
  saveZoneDomainSelfIdentifiers: ({ params }) => ({ publishers: [params.publisherId] }),
  acceptGdpr: ({ params }) => ({ publishers: [params.publisherId] }),
  changePassword: 'its entry holds no before or after (nothing of a password is recorded)',
  resetPassword: 'its entry holds no before or after; the link is consumed by one conditional update',
  undoHistoryEntry: 'the undo handler locks what the entry changed, once it has read the entry (lockEntryTargets)',
  // The team (issue 22): a member's role, the invitations and the requirement belong to the publisher.
  updateMember: ({ params }) => ({ publishers: [params.publisherId] }),
  removeMember: ({ params }) => ({ publishers: [params.publisherId] }),
  createInvitation: ({ params }) => ({ publishers: [params.publisherId] }),
  revokeInvitation: ({ params }) => ({ publishers: [params.publisherId] }),
  setTwoFactorRequirement: ({ params }) => ({ publishers: [params.publisherId] }),
  setSellersJsonSetting: ({ params }) => ({ publishers: [params.publisherId] }),
  resetMemberTwoFactor: ({ params }) => ({ publishers: [params.publisherId] }),
  acceptInvitation: 'a joining has no before; the invitation is consumed by one conditional update',
  // API keys (issue 29) belong to the publisher; the key count and a revocation's before are read under its lock.
  createApiKey: ({ params }) => ({ publishers: [params.publisherId] }),
  revokeApiKey: ({ params }) => ({ publishers: [params.publisherId] }),
  reportCreative: 'adds a report: its entry has no before; its undo deletes that one row',
  confirmTwoFactor: "the user's own second factor: its entry holds no before or after (no secret is recorded)",
  confirmSecondFactorSetup: "the user's own second factor: its entry holds no before or after (no secret is recorded)",
  disableTwoFactor: "the user's own second factor: its entry holds no before or after (no secret is recorded)",
  regenerateRecoveryCodes: "the user's own second factor: its entry holds no before or after (no code is recorded); the handler holds the user's two-factor row",
};

const ids = (values: readonly number[] | undefined) => [...new Set(values ?? [])].filter(Number.isSafeInteger).sort((a, b) => a - b);

/**
 * Locks the rows the caller may act for (others are not locked: the write refuses them as missing anyway), in the
 * caller's transaction. Rows that do not exist lock nothing.
 */
export async function lockTargets(tx: Queryable, targets: LockTargets, principal: Principal | null): Promise<void> {
  const internal = principal?.isInternal ?? false;
  const userId = principal?.id ?? 0;
  // An API key acts for its one publisher (auth/apiKeys.ts).
  const keyPublisher = principal?.apiKey?.publisherId ?? 0;
  const publishers = ids(targets.publishers);
  const zones = ids(targets.zones);
  if (publishers.length) {
    await tx.query(
      `SELECT 1 FROM publishers p
        WHERE p.id = ANY($1::int[]) AND (p.id = $4 OR ${ALLOWED_PUBLISHER_SQL('p.id', '$3', '$2')})
        ORDER BY p.id FOR NO KEY UPDATE OF p`,
      [publishers, internal, userId, keyPublisher],
    );
  }
  if (zones.length) {
    await tx.query(
      `SELECT 1 FROM zones z
        WHERE z.tracking_id = ANY($1::int[]) AND (z.publisher_id = $4 OR ${ALLOWED_PUBLISHER_SQL('z.publisher_id', '$3', '$2')})
        ORDER BY z.tracking_id FOR NO KEY UPDATE OF z`,
      [zones, internal, userId, keyPublisher],
    );
  }
}

/** The lock a recorded write takes at the start of its transaction, by its rule. */
export async function lockForWrite(
  tx: Queryable,
  operationId: string,
  call: { params: unknown; body: unknown },
  principal: Principal | null,
): Promise<void> {
  const rule = (LOCKS as Partial<Record<string, LockRule<Recorded> | string>>)[operationId];
  if (rule === undefined) throw new Error(`${operationId} records a change but server/src/history/locks.ts has no rule for it`);
  if (typeof rule === 'string') return;
  await lockTargets(tx, rule(call as Parameters<LockRule<Recorded>>[0]), principal);
}

/**
 * What an undo locks: what the entry's write locked. An entry with a zone names it; a change of several zones'
 * products names them in its `after`; the others belong to the publisher.
 */
export function entryTargets(entry: EntryRow, publisherId: number): LockTargets {
  const change = changeOf(entry);
  if (change.kind === 'PRODUCTS') return { zones: change.after.zones.map((zone) => zone.zone.id) };
  if (change.kind === 'SELF_IDENTIFIERS' || change.kind === 'GDPR') return { publishers: [publisherId] };
  return entry.zoneId === null ? { publishers: [publisherId] } : { zones: [entry.zoneId] };
}
