// The team page (issue 22) as an admin, a viewer and network staff see it, in English and in Japanese: the members
// with their roles from the server's pages, a role changed in place, a removal after a confirmation, the last
// admin's refusal said plainly, invitations sent and revoked, the two-factor requirement.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { TeamPage } from '../../../../src/resources/team';
import { session } from '../../../../src/dataProvider/session';
import { page, publisher } from '../../../support/builders';
import { apiError, apiUrl, http, HttpResponse, lastCall, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';

const ATLAS = publisher({ id: 201, name: 'Atlas News' });
const members = [
  { id: 11, name: 'Solo Owner', email: 'solo@publisher.example', role: 'ADMIN', lastSignInAt: '2026-01-14T09:30:00.000Z', twoFactorEnabled: true },
  { id: 12, name: 'Eddie Editor', email: 'editor@publisher.example', role: 'EDITOR', lastSignInAt: null, twoFactorEnabled: false },
  { id: 13, name: 'Vera Viewer', email: 'viewer@publisher.example', role: 'VIEWER', lastSignInAt: '2026-01-10T08:00:00.000Z', twoFactorEnabled: false },
];
const invitation = {
  id: 5,
  email: 'newcomer@publisher.example',
  role: 'FINANCE',
  createdAt: '2026-01-14T10:00:00.000Z',
  expiresAt: '2026-01-21T10:00:00.000Z',
  expired: false,
  invitedBy: { name: 'Solo Owner', internal: false },
};

const server = setupMsw(
  http.get(apiUrl('/external/publishers/201/members'), () => HttpResponse.json(page(members))),
  http.get(apiUrl('/external/publishers/201/invitations'), () => HttpResponse.json([invitation])),
);
const requests = recordRequests(server);

const table = () => screen.getByRole('table', { name: 'Members' });
const row = (name: string) => within(table()).getByText(name).closest('tr') as HTMLElement;

async function renderTeam(role: 'ADMIN' | 'VIEWER' | null, options: { internal?: boolean; locale?: 'en' | 'ja' } = {}) {
  signIn({ internal: options.internal, publisher: { ...ATLAS, role }, publishers: [ATLAS] });
  const result = await renderWithAdmin(<TeamPage />, { path: '/account-settings/team', locale: options.locale });
  await screen.findByText(options.locale === 'ja' ? 'Eddie Editor' : 'Eddie Editor');
  return result;
}

describe('TeamPage', () => {
  it('lists the members with role, last sign-in and second factor, the admin marked as you', async () => {
    await renderTeam('ADMIN');
    expect(screen.getByRole('heading', { level: 1, name: 'Team' })).toBeInTheDocument();
    expect(screen.getByText('The people who work for Atlas News, and what each of them may do.')).toBeInTheDocument();
    expect(within(row('Solo Owner (you)')).getByRole('combobox', { name: 'Role of Solo Owner' })).toHaveTextContent('Admin');
    expect(within(row('Eddie Editor')).getByText('Never')).toBeInTheDocument();
    expect(within(row('Eddie Editor')).getByText('Off')).toBeInTheDocument();
    expect(within(row('Solo Owner (you)')).getByText('On')).toBeInTheDocument();
    expect((await lastCall(requests.filter((request) => request.url.includes('/members')))).line).toBe(
      'GET /external/publishers/201/members?page=0&size=20&sortBy=name&direction=ASC',
    );
  });

  it("changes a role in place, and says why when the server keeps the last admin", async () => {
    server.use(
      http.patch(apiUrl('/external/publishers/201/members/12'), async ({ request }) =>
        HttpResponse.json({ ...members[1], role: ((await request.json()) as { role: string }).role }),
      ),
      http.patch(apiUrl('/external/publishers/201/members/11'), () => apiError(409, 'LAST_ADMIN')),
    );
    const { user } = await renderTeam('ADMIN');
    await user.click(within(row('Eddie Editor')).getByRole('combobox', { name: 'Role of Eddie Editor' }));
    await user.click(screen.getByRole('option', { name: 'Viewer' }));
    expect(await screen.findByText('Eddie Editor is now Viewer at Atlas News')).toBeInTheDocument();
    const change = await lastCall(requests.filter((request) => request.method === 'PATCH'));
    expect(change).toMatchObject({ line: 'PATCH /external/publishers/201/members/12', body: { role: 'VIEWER' } });

    await user.click(within(row('Solo Owner (you)')).getByRole('combobox', { name: 'Role of Solo Owner' }));
    await user.click(screen.getByRole('option', { name: 'Editor' }));
    expect(await screen.findByText('The team needs at least one admin: make someone else an admin first.')).toBeInTheDocument();
    expect(session.get().publisher?.role).toBe('ADMIN');
  });

  it('removes a member after a confirmation that names them', async () => {
    server.use(http.delete(apiUrl('/external/publishers/201/members/13'), () => new HttpResponse(null, { status: 204 })));
    const { user } = await renderTeam('ADMIN');
    await user.click(within(row('Vera Viewer')).getByRole('button', { name: 'Remove Vera Viewer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Vera Viewer from the team?' });
    expect(dialog).toHaveTextContent('Vera Viewer can no longer work for Atlas News');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Vera Viewer removed from the team of Atlas News')).toBeInTheDocument();
    expect((await lastCall(requests.filter((request) => request.method === 'DELETE'))).line).toBe('DELETE /external/publishers/201/members/13');
  });

  it('invites by e-mail with a role, keeping what was typed when the server refuses', async () => {
    let answer = apiError(409, 'ALREADY_EXISTS');
    server.use(http.post(apiUrl('/external/publishers/201/invitations'), () => answer));
    const { user } = await renderTeam('ADMIN');
    expect(within(screen.getByRole('table', { name: 'Open invitations' })).getByText('newcomer@publisher.example')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite someone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone to Atlas News' });
    // The limits are said before anyone meets them (issue 30).
    expect(dialog).toHaveTextContent('You can send at most 20 invitations an hour, a team at most 30 an hour, and one address gets at most 3 a day.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('Invalid email')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Email' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'editor@publisher.example');
    await user.click(within(dialog).getByRole('radio', { name: /^Finance/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This person is a member already, has an open invitation, or is network staff.');
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('editor@publisher.example');
    expect((await lastCall(requests.filter((request) => request.method === 'POST'))).body).toEqual({ email: 'editor@publisher.example', role: 'FINANCE' });

    answer = apiError(429, 'TOO_MANY_INVITATIONS');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many invitations for now: see the limits above.');

    answer = HttpResponse.json({ ...invitation, id: 6, email: 'editor@publisher.example' }, { status: 201 });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
  });

  it('revokes an open invitation after a confirmation', async () => {
    server.use(http.delete(apiUrl('/external/publishers/201/invitations/5'), () => new HttpResponse(null, { status: 204 })));
    const { user } = await renderTeam('ADMIN');
    await user.click(await screen.findByRole('button', { name: 'Revoke the invitation of newcomer@publisher.example' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Invitation revoked')).toBeInTheDocument();
  });

  it('requires two-factor sign-in of the team, or says the admin needs it first', async () => {
    server.use(http.put(apiUrl('/external/publishers/201/two-factor-requirement'), () => apiError(409, 'TWO_FACTOR_REQUIRED')));
    const { user } = await renderTeam('ADMIN');
    const requireIt = async () => {
      await user.click(screen.getByRole('switch', { name: 'Require two-factor sign-in' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Require two-factor sign-in at Atlas News?' });
      await user.click(within(dialog).getByRole('button', { name: 'Require it' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    };
    await requireIt();
    expect(await screen.findAllByText('Turn on two-factor sign-in for yourself first (Account settings > Security).')).not.toHaveLength(0);
    server.use(http.put(apiUrl('/external/publishers/201/two-factor-requirement'), () => HttpResponse.json({ ...ATLAS, requireTwoFactor: true })));
    await requireIt();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Require two-factor sign-in' })).toBeChecked());
    expect(session.get().publisher?.requireTwoFactor).toBe(true);
  });

  it('asks before requiring two-factor sign-in, naming how many members and who would be locked out (issue 30)', async () => {
    const { user } = await renderTeam('ADMIN');
    await user.click(screen.getByRole('switch', { name: 'Require two-factor sign-in' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Require two-factor sign-in at Atlas News?' });
    expect(dialog).toHaveTextContent(
      '2 members have no two-factor sign-in and will be asked to set it up at their next sign-in: Eddie Editor, Vera Viewer. Until then they cannot work for Atlas News.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Require two-factor sign-in' })).not.toBeChecked();
    expect(requests.some((request) => request.url.includes('two-factor-requirement'))).toBe(false);
  });

  it('shows a viewer the members read-only: no role choice, no removal, no invitations', async () => {
    await renderTeam('VIEWER');
    expect(screen.getByRole('note')).toHaveTextContent('Only admins of the team can invite people, change roles or remove members.');
    expect(within(row('Eddie Editor')).getByText('Editor')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite someone' })).not.toBeInTheDocument();
    expect(screen.getByText('Require two-factor sign-in: Off')).toBeInTheDocument();
    expect(requests.some((request) => request.url.includes('/invitations'))).toBe(false);
  });

  it("lets network staff reset a member's second factor", async () => {
    server.use(http.post(apiUrl('/external/publishers/201/members/11/two-factor/reset'), () => new HttpResponse(null, { status: 204 })));
    const { user } = await renderTeam(null, { internal: true });
    expect(screen.getByText('Your role: Network staff')).toBeInTheDocument();
    await user.click(within(row('Solo Owner')).getByRole('button', { name: 'Reset the second factor of Solo Owner' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Second factor reset: the member was told by email')).toBeInTheDocument();
  });

  it('speaks Japanese', async () => {
    await renderTeam('ADMIN', { locale: 'ja' });
    expect(screen.getByRole('heading', { level: 1, name: 'チーム' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'メンバー' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Eddie Editorのロール' })).toHaveTextContent('編集者');
    expect(screen.getByRole('button', { name: 'メンバーを招待' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '2段階認証を必須にする' })).toBeInTheDocument();
  });
});
