// Authorization on objects. An external user acts only for the publishers it is a member of, with the rights of
// its role there (src/lib/roles.ts, the one table of role x operation); internal users (network staff) act for
// every publisher and are no members. A publisher the caller is no member of answers exactly like a missing
// object (404), so ids of other publishers' objects cannot be probed; a member whose role does not allow the
// operation gets 403 ROLE_NOT_ALLOWED, and a member without two-factor sign-in of a publisher that requires it
// 403 TWO_FACTOR_REQUIRED. Role and requirement are read in the same statement as the object, on every request,
// so a role change or a removal takes effect on the member's next request.
import type { Queryable } from '../db/db';
import { forbidden, notFound, roleNotAllowed, twoFactorRequired } from '../http/errors';
import { mayCall, type Role } from '../../../src/lib/roles';
import type { Principal } from './principal';

/** What the role check reads of the caller's membership, with every object the helpers below answer. */
export interface Membership {
  /** The caller's role in the publisher's team; null for network staff. */
  role: Role | null;
  requireTwoFactor: boolean;
}

export interface PublisherAccess extends Membership {
  id: number;
  name: string;
  businessUnitId: number;
  isLegacyJustPremium: boolean;
}

export interface ZoneAccess extends Membership {
  trackingId: number;
  /** The name as it is now (the change history keeps it with each change). */
  name: string;
  publisherId: number;
  typeId: number;
  isLegacyJustPremium: boolean;
}

/**
 * The caller's membership of publisher `column`, joined as `m` (role), and the condition that it may act for it:
 * `FROM ... ${MEMBERSHIP_JOIN('p.id', '$2')} WHERE ... AND ${MEMBER_OR_STAFF('$3')}`.
 */
export const MEMBERSHIP_JOIN = (column: string, principalParam: string) =>
  `LEFT JOIN user_publishers m ON m.publisher_id = ${column} AND m.user_id = ${principalParam}`;
export const MEMBER_OR_STAFF = (internalParam: string) => `(${internalParam}::boolean OR m.user_id IS NOT NULL)`;
/**
 * Whether user `principalParam` acts for publisher `column` at all (staff, or a member in any role), for what no
 * request names: the revenue alerts' e-mails and their signed links go to every role (roles.ts: EVERY_ROLE).
 */
export const ALLOWED_PUBLISHER_SQL = (column: string, principalParam: string, internalParam: string) =>
  `(${internalParam}::boolean OR EXISTS (SELECT 1 FROM user_publishers up WHERE up.user_id = ${principalParam} AND up.publisher_id = ${column}))`;
/** The columns of Membership, from the join above and the publisher `p`. */
export const MEMBERSHIP_COLUMNS = `m.role, p.require_two_factor AS "requireTwoFactor"`;

/**
 * The role check of one operation for one publisher the caller may act for. Staff pass; a member needs two-factor
 * sign-in where the publisher requires it, and a role the table allows for `principal.operation`.
 */
export function authorize(principal: Principal, membership: Membership): void {
  principal.publisherChecked = true;
  if (principal.isInternal) return;
  // An API key's scopes were checked when it was authenticated (auth/apiKeys.ts), its publisher where the object
  // was found (ownPublisher below); a team's two-factor requirement is about its members' sign-ins.
  if (principal.apiKey) return;
  if (membership.requireTwoFactor && !principal.secondFactor) throw twoFactorRequired();
  if (!mayCall(membership.role, principal.operation)) throw roleNotAllowed();
}

/**
 * Who the statements below look for ($2 user, $3 sees every publisher): a member by its user id, staff everywhere.
 * An API key is looked for as staff would be, and then held to its one publisher (ownPublisher): another
 * publisher's object answers the same 404 as a missing one.
 */
export function visibility(principal: Principal): [userId: number, everyPublisher: boolean] {
  return principal.apiKey ? [0, true] : [principal.id, principal.isInternal];
}

/** An API key's publisher only: anything else is missing to it. */
export function ownPublisher<T extends { publisherId: number }>(principal: Principal, row: T | undefined): T | undefined {
  return row && principal.apiKey && principal.apiKey.publisherId !== row.publisherId ? undefined : row;
}

export async function publisherFor(db: Queryable, principal: Principal, publisherId: number): Promise<PublisherAccess> {
  if (principal.apiKey && principal.apiKey.publisherId !== publisherId) throw notFound('Publisher not found');
  const row = await db.one<PublisherAccess>(
    `SELECT p.id, p.name, p.business_unit_id AS "businessUnitId", bu.is_legacy_just_premium AS "isLegacyJustPremium", ${MEMBERSHIP_COLUMNS}
       FROM publishers p JOIN business_units bu ON bu.id = p.business_unit_id ${MEMBERSHIP_JOIN('p.id', '$2')}
      WHERE p.id = $1 AND ${MEMBER_OR_STAFF('$3')}`,
    [publisherId, ...visibility(principal)],
  );
  if (!row) throw notFound('Publisher not found');
  authorize(principal, row);
  return row;
}

const ZONE_COLUMNS = `z.tracking_id AS "trackingId", z.name, z.publisher_id AS "publisherId", z.type_id AS "typeId",
            bu.is_legacy_just_premium AS "isLegacyJustPremium", ${MEMBERSHIP_COLUMNS}`;
const ZONE_FROM = `zones z JOIN publishers p ON p.id = z.publisher_id JOIN business_units bu ON bu.id = p.business_unit_id
       ${MEMBERSHIP_JOIN('z.publisher_id', '$2')}`;

/** One zone with the caller's membership ($1 zone, $2 caller, $3 caller is staff); exported for bench/roles.ts. */
export const ZONE_ACCESS_SQL = `SELECT ${ZONE_COLUMNS} FROM ${ZONE_FROM} WHERE z.tracking_id = $1 AND ${MEMBER_OR_STAFF('$3')}`;

export async function zoneFor(db: Queryable, principal: Principal, zoneId: number): Promise<ZoneAccess> {
  const row = ownPublisher(principal, await db.one<ZoneAccess>(ZONE_ACCESS_SQL, [zoneId, ...visibility(principal)]));
  if (!row) throw notFound('Zone not found');
  authorize(principal, row);
  return row;
}

/** Every zone must be one the caller may act for; otherwise the whole call is refused as if one were missing. */
export async function zonesFor(db: Queryable, principal: Principal, zoneIds: readonly number[]): Promise<ZoneAccess[]> {
  const rows = (
    await db.query<ZoneAccess>(`SELECT ${ZONE_COLUMNS} FROM ${ZONE_FROM} WHERE z.tracking_id = ANY($1::int[]) AND ${MEMBER_OR_STAFF('$3')}`, [
      zoneIds,
      ...visibility(principal),
    ])
  ).filter((row) => ownPublisher(principal, row));
  if (rows.length !== new Set(zoneIds).size) throw notFound('Zone not found');
  for (const row of rows) authorize(principal, row);
  return rows;
}

/**
 * Legacy just-premium publishers cannot use zones, blocking, the inclusive inventory program or previous
 * payments (spec section 6). The UI hides those areas; the server refuses them too.
 */
export function assertFullProduct(target: { isLegacyJustPremium: boolean }): void {
  if (target.isLegacyJustPremium) throw forbidden('Not available for this publisher');
}
