// Invitations by e-mail (issue 22): an admin invites with a role; the e-mailed link (auth/invitations.ts) leads to
// the console's acceptance page, whose calls are the auth area's (routes/auth/invitations.ts).
import { assertFullProduct, publisherFor } from '../../auth/access';
import { accountByEmail } from '../../auth/accounts';
import { insertInvitation, invitationLink, INVITATION_TTL_DAYS, MAX_OPEN_INVITATIONS, throttleInvitation } from '../../auth/invitations';
import type { Queryable } from '../../db/db';
import { conflict, notFound } from '../../http/errors';
import { NO_CONTENT, type Handlers } from '../../http/handlers';
import { sendMail } from '../../mail/outbox';
import { cookieLanguage, recipientLanguage, teamMail, TEAM_MAIL_TEXT } from '../../mail/teamMailTexts';
import { mailableName } from '../../../../src/lib/displayName';
import type { components } from '../../../../openapi/portal';
import { lockTeam } from './members';

type Invitation = components['schemas']['Invitation'];

const INVITATION_COLUMNS = `i.id, i.email, i.role, i.created_at AS "createdAt", i.expires_at AS "expiresAt", i.expires_at <= now() AS expired,
  CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('name', u.name, 'internal', u.is_internal) END AS "invitedBy"`;
const OPEN = 'i.accepted_at IS NULL AND i.revoked_at IS NULL';

function invitationsOf(db: Queryable, publisherId: number, invitationId: number | null = null): Promise<Invitation[]> {
  return db.query<Invitation>(
    `SELECT ${INVITATION_COLUMNS} FROM invitations i LEFT JOIN users u ON u.id = i.invited_by
      WHERE i.publisher_id = $1 AND ${OPEN} AND ($2::int IS NULL OR i.id = $2)
      ORDER BY i.created_at DESC, i.id DESC`,
    [publisherId, invitationId],
  );
}

const alreadyExists = (message: string) => conflict('ALREADY_EXISTS', message);

/**
 * Who invites, as the mail names them (issue 30): by name and e-mail address, so the recipient can tell who it is
 * and a chosen name cannot pass for the portal's own words; a name that breaks the display-name rule (from before
 * it) is left out.
 */
function inviterOf(principal: { name: string; email: string }): string {
  const name = mailableName(principal.name);
  return name ? `${name} (${principal.email})` : principal.email;
}

export const invitationHandlers: Handlers = {
  async listInvitations({ db, principal, params }) {
    assertFullProduct(await publisherFor(db, principal, params.publisherId));
    return invitationsOf(db, params.publisherId);
  },

  async createInvitation({ db, config, principal, params, body, request, record }) {
    const publisher = await publisherFor(db, principal, params.publisherId);
    assertFullProduct(publisher);
    await lockTeam(db, params.publisherId);
    const email = body.email.trim();
    const account = await accountByEmail(db, email);
    if (account?.isInternal) throw alreadyExists('Network staff act for every publisher already');
    if (account && (await db.one('SELECT 1 FROM user_publishers WHERE publisher_id = $1 AND user_id = $2', [params.publisherId, account.id]))) {
      throw alreadyExists('This person is a member of the team already');
    }
    // An expired invitation of the same e-mail gives way to the new one; a live one stays (revoke it first).
    const open = await db.one<{ id: number; expired: boolean }>(
      `SELECT i.id, i.expires_at <= now() AS expired FROM invitations i WHERE i.publisher_id = $1 AND lower(i.email) = lower($2) AND ${OPEN}`,
      [params.publisherId, email],
    );
    if (open && !open.expired) throw alreadyExists('This e-mail has an open invitation already');
    if (open) await db.query('UPDATE invitations SET revoked_at = now() WHERE id = $1', [open.id]);
    const count = await db.one<{ count: number }>(`SELECT count(*)::int AS count FROM invitations i WHERE i.publisher_id = $1 AND ${OPEN}`, [params.publisherId]);
    if ((count?.count ?? 0) >= MAX_OPEN_INVITATIONS) throw alreadyExists(`A team has at most ${MAX_OPEN_INVITATIONS} open invitations`);

    await throttleInvitation(db, { publisherId: params.publisherId, email, invitedBy: principal.id });
    const { id, token } = await insertInvitation(db, { publisherId: params.publisherId, email, role: body.role, invitedBy: principal.id });
    const link = invitationLink(config.publicUrl, token, email);
    // In the recipient's language when the portal knows it, else the inviter's (issue 30).
    const language = (await recipientLanguage(db, email)) ?? cookieLanguage(request.headers.cookie) ?? 'en';
    const mail = teamMail(language, 'invitation', {
      inviter: inviterOf(principal),
      publisher: publisher.name,
      role: TEAM_MAIL_TEXT[language].roles[body.role],
      link,
      days: INVITATION_TTL_DAYS,
    });
    await sendMail(db, request.log, config, {
      to: email,
      ...mail,
      link,
    });
    await record({ kind: 'INVITATION', publisherId: params.publisherId, zone: null, before: null, after: { invitation: { id, email, role: body.role } } });
    const [created] = await invitationsOf(db, params.publisherId, id);
    return created!;
  },

  async revokeInvitation({ db, principal, params, record }) {
    assertFullProduct(await publisherFor(db, principal, params.publisherId));
    await lockTeam(db, params.publisherId);
    const [invitation] = await invitationsOf(db, params.publisherId, params.invitationId);
    if (!invitation) throw notFound('Invitation not found');
    await db.query('UPDATE invitations SET revoked_at = now() WHERE id = $1', [invitation.id]);
    await record({
      kind: 'INVITATION',
      publisherId: params.publisherId,
      zone: null,
      before: { invitation: { id: invitation.id, email: invitation.email, role: invitation.role } },
      after: null,
    });
    return NO_CONTENT;
  },
};
