// Teams (issue 22): the members list, role changes and removals with the last-admin rule, invitations by e-mail
// (single use, bound to the e-mail, 7 days, revoked, only the hash stored), acceptance with a new or an existing
// account, staff managing any team, the history of every team change and its undo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { DEMO } from '../../server/src/db/seed/demo';
import { DEMO_PASSWORD, NEW_PASSWORD, addUser, login, loginToken } from '../support/auth';
import { entryOf } from '../support/history';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { addMember, lastMail } from '../support/teamFixtures';

const ATLAS = DEMO.publishers.atlasNews;
const SAKURA = DEMO.publishers.sakuraPress;
const members = (publisherId: number) => `/external/publishers/${publisherId}/members`;
const invitations = (publisherId: number) => `/external/publishers/${publisherId}/invitations`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = { id: number; name: string; email: string; role: string; lastSignInAt: string | null; twoFactorEnabled: boolean };

async function invite(publisherId: number, email: string, role: string, as: 'multi' | 'staff' = 'multi') {
  const res = await t.call({ method: 'POST', url: invitations(publisherId), as, payload: { email, role } });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await lastMail(t.db, email);
  const link = new URL(mail.link!);
  return { invitation: res.json() as { id: number; email: string; role: string; expiresAt: string }, mail, tk: link.searchParams.get('tk')!, ue: link.searchParams.get('ue')! };
}

describe('the members list', () => {
  it('lists every member with name, e-mail, role, last sign-in and second factor, for every role of the team', async () => {
    await loginToken(t, 'editor@publisher.example');
    for (const as of ['multi', 'editor', 'viewer'] as const) {
      const res = await t.call({ method: 'GET', url: `${members(ATLAS)}?sortBy=role`, as });
      expect(res.statusCode).toBe(200);
      const page = res.json() as { content: Member[]; totalElements: number };
      expect(page.content.map((member) => [member.email, member.role])).toEqual([
        ['multi@publisher.example', 'ADMIN'],
        ['editor@publisher.example', 'EDITOR'],
        ['viewer@publisher.example', 'VIEWER'],
      ]);
      expect(page.content[1]).toEqual({
        id: DEMO.users.editor,
        name: 'Eddie Editor',
        email: 'editor@publisher.example',
        role: 'EDITOR',
        lastSignInAt: expect.any(String),
        twoFactorEnabled: false,
      });
    }
  });

  it('pages, sorts and searches by name or e-mail', async () => {
    const page = (query: string) => t.call({ method: 'GET', url: `${members(ATLAS)}?${query}`, as: 'multi' }).then((res) => res.json() as { content: Member[]; totalElements: number; totalPages: number });
    expect((await page('size=2&sortBy=name')).content.map((member) => member.name)).toEqual(['Eddie Editor', 'Max Multi']);
    expect(await page('size=2&page=1&sortBy=name')).toMatchObject({ totalElements: 3, totalPages: 2, content: [{ name: 'Vera Viewer' }] });
    expect((await page('sortBy=email&direction=DESC')).content.map((member) => member.email)[0]).toBe('viewer@publisher.example');
    expect((await page('searchTerm=VIEW')).content.map((member) => member.name)).toEqual(['Vera Viewer']);
    expect((await page('searchTerm=%25')).totalElements).toBe(0);
  });

  it('is not part of the legacy just-premium product (403), and another publisher answers 404', async () => {
    expect((await t.call({ method: 'GET', url: members(DEMO.publishers.premiumClassic), as: 'multi' })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: members(DEMO.publishers.soloMedia), as: 'multi' })).statusCode).toBe(404);
  });
});

describe('role changes and removals', () => {
  it('changes a role, records it, and undo gives the old role back', async () => {
    const id = await addMember(t, 'promoted@publisher.example', SAKURA, 'VIEWER');
    let answer: unknown;
    const entry = await entryOf(t, 200, async () => {
      const res = await t.call({ method: 'PATCH', url: `${members(SAKURA)}/${id}`, as: 'multi', payload: { role: 'EDITOR' } });
      answer = res.json();
      return res;
    });
    expect(answer).toMatchObject({ id, role: 'EDITOR' });
    expect(entry).toMatchObject({ kind: 'MEMBER', operation: 'updateMember', authorId: DEMO.users.multi });
    expect([entry.before, entry.after]).toEqual([
      { member: { id, name: 'Test promoted@publisher.example', email: 'promoted@publisher.example', role: 'VIEWER' } },
      { member: { id, name: 'Test promoted@publisher.example', email: 'promoted@publisher.example', role: 'EDITOR' } },
    ]);
    const undo = await t.call({ method: 'POST', url: `/external/publishers/${SAKURA}/history/${entry.id}/undo`, as: 'multi' });
    expect(undo.statusCode, undo.body).toBe(201);
    expect(undo.json()).toMatchObject({ kind: 'MEMBER', undoes: entry.id, after: { member: { role: 'VIEWER' } } });
    const role = await t.db.one<{ role: string }>('SELECT role FROM user_publishers WHERE user_id = $1 AND publisher_id = $2', [id, SAKURA]);
    expect(role?.role).toBe('VIEWER');
  });

  it('removes a member (recorded), and undo restores them with the old role; a second undo is refused', async () => {
    const id = await addMember(t, 'leaving@publisher.example', SAKURA, 'FINANCE');
    const entry = await entryOf(t, 204, () => t.call({ method: 'DELETE', url: `${members(SAKURA)}/${id}`, as: 'multi' }));
    expect(entry).toMatchObject({ kind: 'MEMBER', operation: 'removeMember', after: null, before: { member: { id, role: 'FINANCE' } } });
    expect((await t.call({ method: 'DELETE', url: `${members(SAKURA)}/${id}`, as: 'multi' })).statusCode).toBe(404);
    const undo = await t.call({ method: 'POST', url: `/external/publishers/${SAKURA}/history/${entry.id}/undo`, as: 'multi' });
    expect(undo.statusCode, undo.body).toBe(201);
    const back = await t.db.one<{ role: string }>('SELECT role FROM user_publishers WHERE user_id = $1 AND publisher_id = $2', [id, SAKURA]);
    expect(back?.role).toBe('FINANCE');
    const again = await t.call({ method: 'POST', url: `/external/publishers/${SAKURA}/history/${entry.id}/undo`, as: 'multi' });
    expect(again.json().code).toBe('ALREADY_UNDONE');
  });

  it('refuses the undo of a removal when the member is back, naming them', async () => {
    const id = await addMember(t, 'returning@publisher.example', SAKURA, 'VIEWER');
    const entry = await entryOf(t, 204, () => t.call({ method: 'DELETE', url: `${members(SAKURA)}/${id}`, as: 'multi' }));
    await t.db.query("INSERT INTO user_publishers (user_id, publisher_id, role) VALUES ($1, $2, 'EDITOR')", [id, SAKURA]);
    const undo = await t.call({ method: 'POST', url: `/external/publishers/${SAKURA}/history/${entry.id}/undo`, as: 'multi' });
    expect(undo.statusCode).toBe(409);
    expect(undo.json()).toMatchObject({ code: 'UNDO_CONFLICT', details: [{ field: '/before/member' }] });
  });

  it('keeps the last admin: neither demoted nor removed, by anyone, staff included', async () => {
    const solo = DEMO.publishers.soloMedia;
    const demote = await t.call({ method: 'PATCH', url: `${members(solo)}/${DEMO.users.solo}`, as: 'solo', payload: { role: 'EDITOR' } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('LAST_ADMIN');
    const remove = await t.call({ method: 'DELETE', url: `${members(solo)}/${DEMO.users.solo}`, as: 'staff' });
    expect(remove.json().code).toBe('LAST_ADMIN');
    // With a second admin, the first may step down.
    const other = await addMember(t, 'second-admin@publisher.example', solo, 'ADMIN');
    expect((await t.call({ method: 'PATCH', url: `${members(solo)}/${DEMO.users.solo}`, as: 'staff', payload: { role: 'EDITOR' } })).statusCode).toBe(200);
    expect((await t.call({ method: 'DELETE', url: `${members(solo)}/${other}`, as: 'staff' })).json().code).toBe('LAST_ADMIN');
    await t.db.query("UPDATE user_publishers SET role = 'ADMIN' WHERE user_id = $1 AND publisher_id = $2", [DEMO.users.solo, solo]);
  });

  it('lets staff manage any team, recorded as network staff', async () => {
    const id = await addMember(t, 'staffed@publisher.example', SAKURA, 'VIEWER');
    const entry = await entryOf(t, 200, () => t.call({ method: 'PATCH', url: `${members(SAKURA)}/${id}`, as: 'staff', payload: { role: 'FINANCE' } }));
    expect(entry).toMatchObject({ authorId: DEMO.users.staff, authorInternal: true });
  });
});

describe('invitations', () => {
  it("writes the invitation in the recipient's language when the portal knows it, else in the inviter's (issue 30)", async () => {
    // Someone the portal does not know: the inviter's console language (its portal_lang cookie).
    const fresh = await t.call({ method: 'POST', url: invitations(ATLAS), as: 'multi', headers: { cookie: 'portal_lang=es' }, payload: { email: 'nuevo@publisher.example', role: 'EDITOR' } });
    expect(fresh.statusCode, fresh.body).toBe(201);
    const spanish = await lastMail(t.db, 'nuevo@publisher.example');
    expect(spanish.subject).toBe('Le invitan a Atlas News en el portal de editores');
    expect(spanish.text).toContain('Max Multi (multi@publisher.example) le invita al equipo de Atlas News en el portal de editores, como Editor.');
    // Someone whose alert e-mails are in Japanese: Japanese, whatever the inviter reads.
    const known = await addMember(t, 'known-ja@publisher.example', SAKURA, 'VIEWER');
    await t.db.query("INSERT INTO notification_settings (user_id, publisher_id, language) VALUES ($1, $2, 'ja')", [known, SAKURA]);
    const res = await t.call({ method: 'POST', url: invitations(ATLAS), as: 'multi', headers: { cookie: 'portal_lang=es' }, payload: { email: 'known-ja@publisher.example', role: 'VIEWER' } });
    expect(res.statusCode, res.body).toBe(201);
    const japanese = await lastMail(t.db, 'known-ja@publisher.example');
    expect(japanese.subject).toBe('パブリッシャーポータルの Atlas News に招待されました');
    expect(japanese.text).toContain('閲覧者');
  });

  it("tells a member whose second factor staff turned off in the member's language (issue 30)", async () => {
    const member = await addMember(t, 'reset-fr@publisher.example', SAKURA, 'EDITOR');
    await t.db.query("INSERT INTO user_two_factor (user_id, secret, enabled_at) VALUES ($1, 'x', now())", [member]);
    await t.db.query("INSERT INTO notification_settings (user_id, publisher_id, language) VALUES ($1, $2, 'fr')", [member, SAKURA]);
    const reset = await t.call({ method: 'POST', url: `${members(SAKURA)}/${member}/two-factor/reset`, as: 'staff' });
    expect(reset.statusCode, reset.body).toBe(204);
    const mail = await lastMail(t.db, 'reset-fr@publisher.example');
    expect(mail.subject).toBe('La connexion en deux étapes de votre compte du portail éditeurs a été désactivée');
    expect(mail.text).toContain('Bonjour Test reset-fr@publisher.example,');
  });

  it('mails a single-use link bound to the e-mail, keeps only its hash, and lists the invitation until accepted', async () => {
    const { invitation, mail, tk, ue } = await invite(ATLAS, 'newcomer@publisher.example', 'EDITOR');
    expect(invitation).toMatchObject({ email: 'newcomer@publisher.example', role: 'EDITOR', expired: false, invitedBy: { name: 'Max Multi', internal: false } });
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect(mail.subject).toContain('Atlas News');
    expect(mail.text).toContain('as Editor');
    expect(ue).toBe('newcomer@publisher.example');
    const stored = await t.db.one<{ token_hash: string }>('SELECT token_hash FROM invitations WHERE id = $1', [invitation.id]);
    expect(stored!.token_hash).toBe(createHash('sha256').update(tk).digest('hex'));
    expect(JSON.stringify(await t.db.query('SELECT * FROM invitations'))).not.toContain(tk);

    const listed = (await t.call({ method: 'GET', url: invitations(ATLAS), as: 'multi' })).json() as { email: string }[];
    expect(listed.map((entry) => entry.email)).toContain('newcomer@publisher.example');

    const check = await t.call({ method: 'POST', url: '/auth/invitation', payload: { tk, ue } });
    expect(check.json()).toEqual({ email: 'newcomer@publisher.example', publisher: 'Atlas News', role: 'EDITOR', expiresAt: invitation.expiresAt, accountExists: false });
    expect((await t.call({ method: 'POST', url: '/auth/invitation', payload: { tk, ue: 'someone@publisher.example' } })).json().code).toBe('LINK_INVALID');

    const weak = await t.call({ method: 'POST', url: '/auth/invitation/accept', payload: { tk, ue, name: 'New Comer', newPassword: 'short' } });
    expect(weak.statusCode).toBe(400);
    let code: unknown;
    const joined = await entryOf(t, 200, async () => {
      const accept = await t.call({ method: 'POST', url: '/auth/invitation/accept', payload: { tk, ue, name: 'New Comer', newPassword: NEW_PASSWORD } });
      code = accept.json().code;
      return accept;
    });
    expect(code).toBe('INVITATION_ACCEPTED');
    expect(joined).toMatchObject({ kind: 'MEMBER', operation: 'acceptInvitation', authorName: 'New Comer', before: null, after: { member: { role: 'EDITOR' } } });
    expect((await login(t, 'newcomer@publisher.example', NEW_PASSWORD)).statusCode).toBe(200);
    const again = await t.call({ method: 'POST', url: '/auth/invitation/accept', payload: { tk, ue, name: 'Twice', newPassword: NEW_PASSWORD } });
    expect(again.statusCode).toBe(404);
    expect(((await t.call({ method: 'GET', url: invitations(ATLAS), as: 'multi' })).json() as { email: string }[]).map((entry) => entry.email)).not.toContain(
      'newcomer@publisher.example',
    );
  });

  it('lets an existing user of another publisher accept into this one with its own password', async () => {
    const { tk, ue } = await invite(ATLAS, 'solo@publisher.example', 'VIEWER');
    expect((await t.call({ method: 'POST', url: '/auth/invitation', payload: { tk, ue } })).json().accountExists).toBe(true);
    const noPassword = await t.call({ method: 'POST', url: '/auth/invitation/accept', payload: { tk, ue } });
    expect(noPassword.statusCode).toBe(400);
    const wrong = await t.call({ method: 'POST', url: '/auth/invitation/accept', payload: { tk, ue, password: 'Wrong#2026pass' } });
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    const accept = await t.call({ method: 'POST', url: '/auth/invitation/accept', payload: { tk, ue, password: DEMO_PASSWORD } });
    expect(accept.statusCode, accept.body).toBe(200);
    const mine = (await t.call({ method: 'GET', url: '/external/publishers/simple-search', as: 'solo' })).json() as { name: string; role: string }[];
    expect(mine.map((entry) => [entry.name, entry.role])).toEqual([
      ['Atlas News', 'VIEWER'],
      ['Solo Media', 'ADMIN'],
    ]);
    await t.db.query('DELETE FROM user_publishers WHERE user_id = $1 AND publisher_id = $2', [DEMO.users.solo, ATLAS]);
  });

  it('answers 410 for an expired link (the database clock), 404 for a revoked one, and lets an expired invitation be sent again', async () => {
    const expired = await invite(ATLAS, 'late@publisher.example', 'VIEWER');
    await t.db.query("UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = $1", [expired.invitation.id]);
    const late = await t.call({ method: 'POST', url: '/auth/invitation/accept', payload: { tk: expired.tk, ue: expired.ue, name: 'Late', newPassword: NEW_PASSWORD } });
    expect([late.statusCode, late.json().code]).toEqual([410, 'LINK_EXPIRED']);
    const listed = (await t.call({ method: 'GET', url: invitations(ATLAS), as: 'multi' })).json() as { email: string; expired: boolean }[];
    expect(listed.find((entry) => entry.email === 'late@publisher.example')?.expired).toBe(true);
    const fresh = await invite(ATLAS, 'late@publisher.example', 'VIEWER');
    expect(fresh.invitation.id).not.toBe(expired.invitation.id);

    const revoked = await entryOf(t, 204, () => t.call({ method: 'DELETE', url: `${invitations(ATLAS)}/${fresh.invitation.id}`, as: 'multi' }));
    expect(revoked).toMatchObject({ kind: 'INVITATION', before: { invitation: { email: 'late@publisher.example' } }, after: null });
    const check = await t.call({ method: 'POST', url: '/auth/invitation', payload: { tk: fresh.tk, ue: fresh.ue } });
    expect([check.statusCode, check.json().code]).toEqual([404, 'LINK_INVALID']);
    expect((await t.call({ method: 'DELETE', url: `${invitations(ATLAS)}/${fresh.invitation.id}`, as: 'multi' })).statusCode).toBe(404);
  });

  it('refuses to invite a member, an e-mail invited already, or network staff (409)', async () => {
    for (const email of ['editor@publisher.example', 'staff@adnetwork.example']) {
      const res = await t.call({ method: 'POST', url: invitations(ATLAS), as: 'multi', payload: { email, role: 'VIEWER' } });
      expect([res.statusCode, res.json().code], email).toEqual([409, 'ALREADY_EXISTS']);
    }
    await invite(ATLAS, 'twice@publisher.example', 'VIEWER');
    const twice = await t.call({ method: 'POST', url: invitations(ATLAS), as: 'multi', payload: { email: 'TWICE@publisher.example', role: 'EDITOR' } });
    expect(twice.statusCode).toBe(409);
  });

  it('records the invitation it sends; staff invite for any publisher', async () => {
    const sent = await entryOf(t, 201, () => t.call({ method: 'POST', url: invitations(SAKURA), as: 'staff', payload: { email: 'hired@publisher.example', role: 'FINANCE' } }));
    expect(sent).toMatchObject({ kind: 'INVITATION', operation: 'createInvitation', authorInternal: true, before: null });
    expect(sent.after).toEqual({ invitation: { id: expect.any(Number), email: 'hired@publisher.example', role: 'FINANCE' } });
  });

  it('refuses a disabled account accepting, after its password', async () => {
    await addUser(t, 'off@publisher.example', { enabled: false });
    const { tk, ue } = await invite(ATLAS, 'off@publisher.example', 'VIEWER');
    const res = await t.call({ method: 'POST', url: '/auth/invitation/accept', payload: { tk, ue, password: DEMO_PASSWORD } });
    expect([res.statusCode, res.json().code]).toEqual([403, 'ACCOUNT_LOCKED']);
  });
});

// Issue 30, item 3: 25 invitations to one address in 1.6 s by inviting and revoking, 99 addresses in 1.9 s.
describe('invitations are throttled on creation', () => {
  const SOLO = DEMO.publishers.soloMedia;
  const refusedFor = (res: { statusCode: number; headers: Record<string, unknown>; json: () => { code: string; details?: { field: string }[] } }) => {
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('TOO_MANY_INVITATIONS');
    return { field: res.json().details?.[0]?.field, retryAfter: Number(res.headers['retry-after']) };
  };
  /** `count` invitations made `minutesAgo`, as others would have made them (the throttles count rows, not requests). */
  const madeEarlier = (publisherId: number, count: number, minutesAgo: number, invitedBy: number | null = null) =>
    t.db.query(
      `INSERT INTO invitations (publisher_id, email, role, token_hash, invited_by, created_at, expires_at, revoked_at)
       SELECT $1, 'earlier-' || g || '-' || $4 || '@publisher.example', 'VIEWER', md5(random()::text || g), $2, now() - make_interval(mins => $3), now() + interval '7 days', now()
         FROM generate_series(1, $5::int) g`,
      [publisherId, invitedBy, minutesAgo, `${publisherId}-${invitedBy}-${minutesAgo}`, count],
    );

  it('sends one address at most 3 in 24 hours, by any team, even when each was revoked', async () => {
    const email = 'flooded@publisher.example';
    for (let i = 0; i < 3; i++) {
      const { invitation } = await invite(ATLAS, email, 'VIEWER');
      expect((await t.call({ method: 'DELETE', url: `${invitations(ATLAS)}/${invitation.id}`, as: 'multi' })).statusCode).toBe(204);
    }
    const mailsBefore = await t.db.one<{ count: number }>('SELECT count(*)::int AS count FROM outbox WHERE to_email = $1', [email]);
    const fourth = refusedFor(await t.call({ method: 'POST', url: invitations(ATLAS), as: 'multi', payload: { email, role: 'VIEWER' } }));
    expect(fourth.field).toBe('/body/email');
    expect(fourth.retryAfter).toBeGreaterThan(23 * 3600);
    expect(fourth.retryAfter).toBeLessThanOrEqual(24 * 3600);
    // Another team, another inviter: the address is still held, and no mail went out.
    const elsewhere = refusedFor(await t.call({ method: 'POST', url: invitations(SAKURA), as: 'staff', payload: { email: 'FLOODED@publisher.example', role: 'VIEWER' } }));
    expect(elsewhere.field).toBe('/body/email');
    expect(await t.db.one('SELECT count(*)::int AS count FROM outbox WHERE to_email = $1', [email])).toEqual(mailsBefore);
    expect(await t.db.one("SELECT count(*)::int AS count FROM invitations WHERE lower(email) = $1", [email])).toEqual({ count: 3 });
  });

  it('lets a team send at most 30 in an hour, counting those made in the last hour only', async () => {
    await madeEarlier(SOLO, 30, 10);
    const refused = refusedFor(await t.call({ method: 'POST', url: invitations(SOLO), as: 'staff', payload: { email: 'team-limit@publisher.example', role: 'VIEWER' } }));
    expect(refused.field).toBe('/path/publisherId');
    // The oldest of them leaves the window in 50 minutes.
    expect(refused.retryAfter).toBeGreaterThan(49 * 60);
    expect(refused.retryAfter).toBeLessThanOrEqual(50 * 60);
    await t.db.query("UPDATE invitations SET created_at = now() - interval '61 minutes' WHERE publisher_id = $1", [SOLO]);
    expect((await t.call({ method: 'POST', url: invitations(SOLO), as: 'staff', payload: { email: 'team-limit@publisher.example', role: 'VIEWER' } })).statusCode).toBe(201);
  });

  it('lets one person send at most 20 in an hour, whatever the team', async () => {
    const admin = await addMember(t, 'busy-inviter@publisher.example', SOLO, 'ADMIN');
    await madeEarlier(SAKURA, 20, 5, admin);
    const token = await loginToken(t, 'busy-inviter@publisher.example');
    const res = await t.call({ method: 'POST', url: invitations(SOLO), headers: { authorization: `Bearer ${token}` }, payload: { email: 'one-more@publisher.example', role: 'VIEWER' } });
    expect(refusedFor(res).field).toBe('/header/Authorization');
    // Another admin of the same team is not held by it.
    expect((await t.call({ method: 'POST', url: invitations(SOLO), as: 'solo', payload: { email: 'one-more@publisher.example', role: 'VIEWER' } })).statusCode).toBe(201);
  });
});

// Issue 30, item 4: an inviter's chosen name went verbatim into mails sent from the portal's address.
describe('display names in invitations', () => {
  it('refuses a name with a web address or over 100 characters, and the mail names the inviter by name and e-mail', async () => {
    const { mail, tk, ue } = await invite(ATLAS, 'named@publisher.example', 'VIEWER');
    expect(mail.text).toContain('Max Multi (multi@publisher.example) invites you to the team of Atlas News');
    for (const name of ['Visit https://evil.example/login', 'www.evil.example', 'Support at evil.example', 'x'.repeat(101)]) {
      const res = await t.call({ method: 'POST', url: '/auth/invitation/accept', payload: { tk, ue, name, newPassword: NEW_PASSWORD } });
      expect([res.statusCode, res.json().code], name).toEqual([400, 'VALIDATION_FAILED']);
      expect(JSON.stringify(res.json().details), name).toContain('/body/name');
    }
    const ok = await t.call({ method: 'POST', url: '/auth/invitation/accept', payload: { tk, ue, name: 'Dr. Named Person', newPassword: NEW_PASSWORD } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('leaves a stored name that breaks the rule out of the mail: the inviter is named by e-mail address', async () => {
    const id = await addMember(t, 'old-name@publisher.example', DEMO.publishers.soloMedia, 'ADMIN');
    await t.db.query("UPDATE users SET name = 'Visit https://evil.example/login' WHERE id = $1", [id]);
    const token = await loginToken(t, 'old-name@publisher.example');
    const res = await t.call({
      method: 'POST',
      url: invitations(DEMO.publishers.soloMedia),
      headers: { authorization: `Bearer ${token}` },
      payload: { email: 'told-plainly@publisher.example', role: 'VIEWER' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await lastMail(t.db, 'told-plainly@publisher.example');
    expect(mail.text).toContain('old-name@publisher.example invites you to the team of Solo Media');
    expect(mail.text).not.toContain('evil.example');
  });
});
