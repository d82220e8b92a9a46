// Invitations to a publisher's team (issue 22). The e-mailed link carries a random token and the invited e-mail;
// the database keeps only the token's SHA-256 (as for reset links: auth/resets.ts), so a copy of the table opens
// nothing. A link works once, for its e-mail only, until it expires (7 days, by the database's clock) or is revoked.
import type { Queryable } from '../db/db';
import type { Role } from '../../../src/lib/roles';
import { INVITATION_LIMITS, type InvitationLimit } from '../../../src/lib/invitationLimits';
import { ApiError } from '../http/errors';
import { hashLinkToken, linkExpired, linkInvalid, newLinkToken } from './resets';
import { paths } from '../../../src/routes';

export const INVITATION_TTL_DAYS = 7;
/** Open invitations one publisher may have at once (mail bombing through someone's team). */
export const MAX_OPEN_INVITATIONS = 100;

export interface OpenInvitation {
  id: number;
  publisherId: number;
  publisher: string;
  email: string;
  role: Role;
  expiresAt: string;
}

/** The link of a new invitation: `${publicUrl}/invitation?tk=..&ue=..` (the console's acceptance page). */
export function invitationLink(publicUrl: string, token: string, email: string): string {
  return `${publicUrl}${paths.invitation}?tk=${token}&ue=${encodeURIComponent(email)}`;
}

interface Throttle {
  limit: InvitationLimit;
  max: number;
  hours: number;
  /** The condition on `$1`, the invitation's key for this throttle. */
  column: string;
  key: (invitation: { publisherId: number; email: string; invitedBy: number }) => string | number;
  field: string;
  says: string;
}

const THROTTLES: Throttle[] = [
  {
    limit: 'RECIPIENT',
    max: INVITATION_LIMITS.perRecipientPerDay,
    hours: 24,
    column: 'lower(email) = lower($1::text)',
    key: (invitation) => invitation.email,
    field: '/body/email',
    says: `at most ${INVITATION_LIMITS.perRecipientPerDay} invitations to one e-mail address in 24 hours`,
  },
  {
    limit: 'PUBLISHER',
    max: INVITATION_LIMITS.perPublisherPerHour,
    hours: 1,
    column: 'publisher_id = $1::int',
    key: (invitation) => invitation.publisherId,
    field: '/path/publisherId',
    says: `at most ${INVITATION_LIMITS.perPublisherPerHour} invitations per team in an hour`,
  },
  {
    limit: 'INVITER',
    max: INVITATION_LIMITS.perInviterPerHour,
    hours: 1,
    column: 'invited_by = $1::int',
    key: (invitation) => invitation.invitedBy,
    field: '/header/Authorization',
    says: `at most ${INVITATION_LIMITS.perInviterPerHour} invitations per person in an hour`,
  },
];

/**
 * Refuses one more invitation over a limit (src/lib/invitationLimits.ts) with 429 TOO_MANY_INVITATIONS and
 * Retry-After: the seconds until the oldest invitation counted leaves its window. Counted from the invitations
 * made (never deleted), so revoking does not give one back. In the creating transaction, after locks on the
 * recipient and the inviter (the publisher's row is locked by the caller), so parallel requests cannot all pass.
 */
export async function throttleInvitation(tx: Queryable, invitation: { publisherId: number; email: string; invitedBy: number }): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('invitation-to:' || lower($1)))`, [invitation.email]);
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('invitation-by:' || $1::text))`, [invitation.invitedBy]);
  for (const throttle of THROTTLES) {
    // The max-th newest invitation of the window, if there are that many: one more would be over the limit.
    const oldest = await tx.one<{ seconds: number }>(
      `SELECT greatest(1, ceil(extract(epoch FROM created_at + make_interval(hours => $2) - now())))::int AS seconds
         FROM invitations WHERE ${throttle.column} AND created_at > now() - make_interval(hours => $2)
        ORDER BY created_at DESC OFFSET $3::int - 1 LIMIT 1`,
      [throttle.key(invitation), throttle.hours, throttle.max],
    );
    if (oldest) {
      throw new ApiError(
        429,
        'TOO_MANY_INVITATIONS',
        `Too many invitations: ${throttle.says}. Please try again later.`,
        [{ field: throttle.field, message: throttle.says, value: throttle.limit }],
        { 'retry-after': String(oldest.seconds) },
      );
    }
  }
}

/** Stores a new invitation and answers its token (for the e-mail only) and row id. */
export async function insertInvitation(
  tx: Queryable,
  invitation: { publisherId: number; email: string; role: Role; invitedBy: number },
): Promise<{ id: number; token: string }> {
  const token = newLinkToken();
  const row = await tx.one<{ id: number }>(
    `INSERT INTO invitations (publisher_id, email, role, token_hash, invited_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(days => $6)) RETURNING id`,
    [invitation.publisherId, invitation.email, invitation.role, hashLinkToken(token), invitation.invitedBy, INVITATION_TTL_DAYS],
  );
  return { id: row!.id, token };
}

/**
 * The open invitation of `token` for `email`. A used, revoked or unknown link, or one opened with another e-mail,
 * answers 404 LINK_INVALID; an expired one 410 LINK_EXPIRED.
 */
export async function openInvitation(db: Queryable, token: string, email: string): Promise<OpenInvitation> {
  const row = await db.one<OpenInvitation & { expired: boolean }>(
    `SELECT i.id, i.publisher_id AS "publisherId", p.name AS publisher, i.email, i.role, i.expires_at AS "expiresAt",
            i.expires_at <= now() AS expired
       FROM invitations i JOIN publishers p ON p.id = i.publisher_id
      WHERE i.token_hash = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND lower(i.email) = lower($2)`,
    [hashLinkToken(token), email],
  );
  if (!row) throw linkInvalid();
  if (row.expired) throw linkExpired();
  const { expired: _expired, ...invitation } = row;
  return invitation;
}

/** Marks the invitation accepted by `userId`; false when another request used, or an admin revoked, it first. */
export async function consumeInvitation(tx: Queryable, invitationId: number, userId: number): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE invitations SET accepted_at = now(), accepted_by = $2
      WHERE id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
    [invitationId, userId],
  );
  return rows.length === 1;
}
