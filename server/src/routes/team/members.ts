// A publisher's members (issue 22): the list every member may read, role changes and removals by its admins, the
// two-factor requirement, and network staff's reset of a member's second factor. Team changes of one publisher are
// serialised on its row (lockTeam), so two admins demoting each other cannot leave it without one.
import { recipientLanguage, teamMail } from '../../mail/teamMailTexts';
import { assertFullProduct, publisherFor } from '../../auth/access';
import { disable } from '../../auth/twoFactor';
import type { Queryable } from '../../db/db';
import { conflict, notFound, twoFactorRequired } from '../../http/errors';
import { NO_CONTENT, type Handlers, type HandlerContext } from '../../http/handlers';
import { pageOf, pageRequest, limitOffset } from '../../http/paging';
import { personOf } from '../../history/people';
import { sendMail } from '../../mail/outbox';
import { mailKeysOfLeaver } from '../../mail/apiKeyMails';
import type { MemberChange } from '../../../../src/lib/history';
import { ROLES, type Role } from '../../../../src/lib/roles';
import type { components } from '../../../../openapi/portal';
import { publisherAsSeenBy } from '../account/publishers';

type Member = components['schemas']['Member'];

const MEMBER_COLUMNS = `u.id, u.name, u.email, up.role, u.last_sign_in_at AS "lastSignInAt",
  EXISTS (SELECT 1 FROM user_two_factor tf WHERE tf.user_id = u.id AND tf.enabled_at IS NOT NULL) AS "twoFactorEnabled"`;

const ORDER_BY: Record<'name' | 'email' | 'role' | 'lastSignInAt', string> = {
  name: 'lower(u.name)',
  email: 'lower(u.email)',
  role: `array_position(ARRAY[${ROLES.map((role) => `'${role}'`).join(', ')}], up.role)`,
  lastSignInAt: 'u.last_sign_in_at',
};

/** Holds the publisher's team changes one after the other until the commit (the last-admin rule reads counts). */
export async function lockTeam(db: Queryable, publisherId: number): Promise<void> {
  await db.query('SELECT id FROM publishers WHERE id = $1 FOR UPDATE', [publisherId]);
}

export function memberOf(db: Queryable, publisherId: number, userId: number): Promise<Member | undefined> {
  return db.one<Member>(`SELECT ${MEMBER_COLUMNS} FROM user_publishers up JOIN users u ON u.id = up.user_id WHERE up.publisher_id = $1 AND up.user_id = $2`, [
    publisherId,
    userId,
  ]);
}

const memberNotFound = () => notFound('Member not found');
const lastAdmin = () => conflict('LAST_ADMIN', 'The team needs at least one admin: make someone else an admin first');

async function otherAdmins(db: Queryable, publisherId: number, userId: number): Promise<number> {
  const row = await db.one<{ count: number }>(
    "SELECT count(*)::int AS count FROM user_publishers WHERE publisher_id = $1 AND role = 'ADMIN' AND user_id <> $2",
    [publisherId, userId],
  );
  return row?.count ?? 0;
}

const snapshot = (member: Member, role: Role = member.role): MemberChange => ({ member: { ...personOf(member), role } });

/**
 * Gives a member another role, with the last-admin rule. Shared by updateMember and the undo of a role change,
 * which applies it with the undoing caller's rights.
 */
export async function changeRole(
  ctx: Pick<HandlerContext<'updateMember'>, 'db' | 'principal' | 'record'>,
  publisherId: number,
  userId: number,
  role: Role,
): Promise<Member> {
  const { db, principal, record } = ctx;
  assertFullProduct(await publisherFor(db, principal, publisherId));
  await lockTeam(db, publisherId);
  const member = await memberOf(db, publisherId, userId);
  if (!member) throw memberNotFound();
  if (member.role === 'ADMIN' && role !== 'ADMIN' && (await otherAdmins(db, publisherId, userId)) === 0) throw lastAdmin();
  await db.query('UPDATE user_publishers SET role = $3 WHERE publisher_id = $1 AND user_id = $2', [publisherId, userId, role]);
  await record({ kind: 'MEMBER', publisherId, zone: null, before: snapshot(member), after: snapshot(member, role) });
  return { ...member, role };
}

/**
 * Makes a user a member again with their old role (the undo of a removal), with the undoing caller's rights: the
 * caller is checked as for removeMember (history/undo.ts sets its operation).
 */
export async function restoreMember(
  ctx: Pick<HandlerContext<'removeMember'>, 'db' | 'principal' | 'record'>,
  publisherId: number,
  member: MemberChange['member'],
): Promise<void> {
  const { db, principal, record } = ctx;
  assertFullProduct(await publisherFor(db, principal, publisherId));
  await lockTeam(db, publisherId);
  await db.query('INSERT INTO user_publishers (user_id, publisher_id, role) VALUES ($1, $2, $3)', [member.id, publisherId, member.role]);
  await record({ kind: 'MEMBER', publisherId, zone: null, before: null, after: { member } });
}

export const memberHandlers: Handlers = {
  async listMembers({ db, principal, params, query }) {
    // Legacy just-premium publishers' account settings are billing, password update and ads.txt (spec section 6).
    assertFullProduct(await publisherFor(db, principal, params.publisherId));
    const request = pageRequest(query);
    const [limit, offset] = limitOffset(request);
    const order = `${ORDER_BY[query.sortBy ?? 'name']} ${query.direction === 'DESC' ? 'DESC' : 'ASC'} NULLS LAST, u.id`;
    const rows = await db.query<Member & { total: number }>(
      `SELECT ${MEMBER_COLUMNS}, count(*) OVER ()::int AS total
         FROM user_publishers up JOIN users u ON u.id = up.user_id
        WHERE up.publisher_id = $1
          AND ($2 = '' OR position(lower($2) IN lower(u.name)) > 0 OR position(lower($2) IN lower(u.email)) > 0)
        ORDER BY ${order}
        LIMIT $3 OFFSET $4`,
      [params.publisherId, (query.searchTerm ?? '').trim(), limit, offset],
    );
    const total = rows[0]?.total ?? (offset > 0 ? await countMembers(db, params.publisherId, (query.searchTerm ?? '').trim()) : 0);
    return pageOf(
      rows.map(({ total: _total, ...member }) => member),
      total,
      request,
    );
  },

  async updateMember({ db, principal, params, body, record }) {
    return changeRole({ db, principal, record }, params.publisherId, params.userId, body.role);
  },

  async removeMember({ db, config, principal, params, request, record }) {
    assertFullProduct(await publisherFor(db, principal, params.publisherId));
    await lockTeam(db, params.publisherId);
    const member = await memberOf(db, params.publisherId, params.userId);
    if (!member) throw memberNotFound();
    if (member.role === 'ADMIN' && (await otherAdmins(db, params.publisherId, params.userId)) === 0) throw lastAdmin();
    await db.query('DELETE FROM user_publishers WHERE publisher_id = $1 AND user_id = $2', [params.publisherId, params.userId]);
    await record({ kind: 'MEMBER', publisherId: params.publisherId, zone: null, before: snapshot(member), after: null });
    // The API keys the member made keep working (issue 29): the admins are told which.
    await mailKeysOfLeaver(db, request.log, config, params.publisherId, member);
    return NO_CONTENT;
  },

  async setTwoFactorRequirement({ db, principal, params, body, record }) {
    assertFullProduct(await publisherFor(db, principal, params.publisherId));
    // An admin without it would be refused by their own team from the next request on.
    if (body.required && !principal.isInternal && !principal.secondFactor) throw twoFactorRequired(409);
    await lockTeam(db, params.publisherId);
    const before = await db.one<{ required: boolean }>('SELECT require_two_factor AS required FROM publishers WHERE id = $1', [params.publisherId]);
    await db.query('UPDATE publishers SET require_two_factor = $2 WHERE id = $1', [params.publisherId, body.required]);
    await record({
      kind: 'TEAM_SETTINGS',
      publisherId: params.publisherId,
      zone: null,
      before: { requireTwoFactor: before!.required },
      after: { requireTwoFactor: body.required },
    });
    return publisherAsSeenBy(db, principal.id, params.publisherId);
  },

  async resetMemberTwoFactor({ db, config, principal, params, request, record }) {
    // The role table lets only network staff here (members, admins included, get 403).
    await publisherFor(db, principal, params.publisherId);
    const member = await memberOf(db, params.publisherId, params.userId);
    if (!member) throw memberNotFound();
    if (!(await disable(db, member.id))) throw conflict('NO_PENDING_SETUP', 'This member has no second factor');
    const user = personOf(member);
    await record({ kind: 'TWO_FACTOR', publisherId: params.publisherId, zone: null, before: { user, enabled: true }, after: { user, enabled: false } });
    // In the member's language, as their alert e-mails (issue 30).
    const language = (await recipientLanguage(db, member.email)) ?? 'en';
    await sendMail(db, request.log, config, {
      to: member.email,
      ...teamMail(language, 'twoFactorReset', { name: member.name, support: config.console.supportEmail }),
    });
    return NO_CONTENT;
  },
};

async function countMembers(db: Queryable, publisherId: number, term: string): Promise<number> {
  const row = await db.one<{ count: number }>(
    `SELECT count(*)::int AS count FROM user_publishers up JOIN users u ON u.id = up.user_id
      WHERE up.publisher_id = $1 AND ($2 = '' OR position(lower($2) IN lower(u.name)) > 0 OR position(lower($2) IN lower(u.email)) > 0)`,
    [publisherId, term],
  );
  return row?.count ?? 0;
}
