// The invitation link's calls (issue 22): the acceptance page checks the link, then accepts it with a new account
// (name and a password under the product's rules) or an existing one (its password, throttled like a sign-in).
// The invitee signs in afterwards as anyone does, second factor included. No token or password is ever logged.
import { accountByEmail, type Account } from '../../auth/accounts';
import { consumeInvitation, openInvitation } from '../../auth/invitations';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { linkInvalid } from '../../auth/resets';
import { countAttempt, passwordCounters } from '../../auth/throttle';
import { accountLocked, badRequest, conflict, forbidden, invalidCredentials } from '../../http/errors';
import type { Handlers } from '../../http/handlers';
import { personOf } from '../../history/people';

const INVITATION_ACCEPTED = { code: 'INVITATION_ACCEPTED', message: 'You are a member of the team now: sign in' } as const;

const missing = (field: string, why: string) => badRequest('The invitation cannot be accepted this way', [{ field: `/body/${field}`, message: why }]);

export const invitationAuthHandlers: Handlers = {
  async checkInvitation({ db, body }) {
    const invitation = await openInvitation(db, body.tk, body.ue);
    const account = await accountByEmail(db, invitation.email);
    return {
      email: invitation.email,
      publisher: invitation.publisher,
      role: invitation.role,
      expiresAt: invitation.expiresAt,
      accountExists: account !== undefined,
    };
  },

  async acceptInvitation({ db, config, body, request, record }) {
    const invitation = await openInvitation(db, body.tk, body.ue);
    let account: Account | undefined = await accountByEmail(db, invitation.email);
    let newAccount: { name: string; passwordHash: string } | null = null;
    if (account) {
      if (body.password === undefined) throw missing('password', 'is required: an account with this e-mail exists');
      const attempt = await countAttempt(db, passwordCounters(invitation.email, request.ip));
      if (!(await verifyPassword(body.password, account.passwordHash))) throw invalidCredentials();
      await attempt.succeeded();
      if (!account.enabled) throw accountLocked();
      if (account.isInternal) throw forbidden('Network staff act for every publisher already');
    } else {
      if (body.name === undefined) throw missing('name', 'is required for a new account');
      if (body.newPassword === undefined) throw missing('newPassword', 'is required for a new account');
      newAccount = { name: body.name.trim(), passwordHash: await hashPassword(body.newPassword, config.passwordHashing) };
    }
    await db.transaction(async (tx) => {
      if (newAccount) {
        const created = await tx.one<Account>(
          `INSERT INTO users (email, name, password_hash) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING
           RETURNING id, email, name, enabled, roles, is_internal AS "isInternal", password_hash AS "passwordHash", 0 AS "tokensValidAfter"`,
          [invitation.email, newAccount.name, newAccount.passwordHash],
        );
        // The same link accepted twice at once: the other request made the account, and uses the link.
        if (!created) throw linkInvalid();
        account = created;
      }
      const member = account!;
      if (!(await consumeInvitation(tx, invitation.id, member.id))) throw linkInvalid();
      const joined = await tx.query(
        'INSERT INTO user_publishers (user_id, publisher_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id',
        [member.id, invitation.publisherId, invitation.role],
      );
      if (!joined.length) throw conflict('ALREADY_EXISTS', 'You are a member of this team already');
      await record({
        kind: 'MEMBER',
        publisherId: invitation.publisherId,
        zone: null,
        before: null,
        after: { member: { ...personOf(member), role: invitation.role } },
        author: member,
      });
    });
    return INVITATION_ACCEPTED;
  },
};
