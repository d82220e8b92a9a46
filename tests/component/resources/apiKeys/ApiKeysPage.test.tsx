// The API keys page (issue 29) where the browser test cannot look: the states of a key (revoked, expired, a maker who
// left the team, never used), network staff's view (list and revoke, no 'Create key'), the form's own checks before
// anything is sent (name, scopes, addresses) and a server refusal said in the dialog with what was typed kept, and
// the request the form sends (trimmed name, addresses one by one, a year's key inside the server's limit).
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ApiKeysPage } from '../../../../src/resources/apiKeys';
import { requestOf } from '../../../../src/resources/apiKeys/CreateApiKeyDialog';
import { statusOf } from '../../../../src/resources/apiKeys/ApiKeyList';
import { publisher } from '../../../support/builders';
import { apiError, apiUrl, http, HttpResponse, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';

const ATLAS = publisher({ id: 201, name: 'Atlas News' });
const DAY_MS = 86_400_000;
const later = new Date(Date.now() + 30 * DAY_MS).toISOString();
const base = {
  scopes: ['reports:read'],
  allowedAddresses: [],
  createdAt: '2026-11-01T09:00:00.000Z',
  revokedAt: null,
  lastUsedAt: null,
  lastUsedAddress: null,
  createdBy: { id: 11, name: 'Solo Owner', email: 'solo@publisher.example' },
  makerIsMember: true,
};
const keys = [
  { ...base, id: 3, name: 'Nightly import', hint: 'pp_live_AbCd', expiresAt: later, lastUsedAt: '2026-11-30T06:00:00.000Z', lastUsedAddress: '203.0.113.9' },
  { ...base, id: 2, name: 'Agency dashboard', hint: 'pp_live_EfGh', expiresAt: later, makerIsMember: false, createdBy: { id: null, name: 'Gone Person', email: 'gone@publisher.example' } },
  { ...base, id: 1, name: 'Old script', hint: 'pp_live_IjKl', expiresAt: '2026-01-01T00:00:00.000Z', revokedAt: '2025-12-01T00:00:00.000Z' },
];

const server = setupMsw(http.get(apiUrl('/external/publishers/201/api-keys'), () => HttpResponse.json(keys)));
const requests = recordRequests(server);

const row = (name: string) => within(screen.getByRole('table', { name: 'Keys' })).getByText(name).closest('tr') as HTMLElement;

async function renderPage(options: { internal?: boolean } = {}) {
  signIn({ internal: options.internal, publisher: { ...ATLAS, role: options.internal ? null : 'ADMIN' }, publishers: [ATLAS] });
  const result = await renderWithAdmin(<ApiKeysPage />, { path: '/account-settings/api-keys' });
  await screen.findByText('Nightly import');
  return result;
}

describe('ApiKeysPage', () => {
  it("lists each key's state, last use and maker, and offers revoke only for keys in use", async () => {
    await renderPage();
    expect(within(row('Nightly import')).getByText('Active')).toBeInTheDocument();
    expect(within(row('Nightly import')).getByText(/from 203\.0\.113\.9$/)).toBeInTheDocument();
    expect(within(row('Nightly import')).getByText('Any address')).toBeInTheDocument();
    expect(within(row('Agency dashboard')).getByText('Gone Person (left the team)')).toBeInTheDocument();
    expect(within(row('Agency dashboard')).getByText('Never')).toBeInTheDocument();
    expect(within(row('Old script')).getByText(/^Revoked /)).toBeInTheDocument();
    expect(within(row('Old script')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row('Agency dashboard')).getByRole('button', { name: 'Revoke the API key Agency dashboard' })).toBeInTheDocument();
    expect(screen.getByText(/A key keeps working when the person who made it leaves the team, until it is revoked/)).toBeInTheDocument();
  });

  it('names a key past its expiry expired, and a revoked one revoked whatever its expiry', () => {
    const now = Date.parse('2026-12-01T00:00:00Z');
    expect(statusOf({ revokedAt: null, expiresAt: '2026-11-30T23:59:59Z' }, now)).toBe('expired');
    expect(statusOf({ revokedAt: null, expiresAt: '2026-12-01T00:00:01Z' }, now)).toBe('active');
    expect(statusOf({ revokedAt: '2026-11-01T00:00:00Z', expiresAt: '2026-11-30T00:00:00Z' }, now)).toBe('revoked');
  });

  it('lets network staff list and revoke but not create, and says who creates', async () => {
    server.use(http.delete(apiUrl('/external/publishers/201/api-keys/3'), () => new HttpResponse(null, { status: 204 })));
    const { user } = await renderPage({ internal: true });
    expect(screen.queryByRole('button', { name: 'Create key' })).not.toBeInTheDocument();
    expect(screen.getByText('Network staff can list and revoke the keys of Atlas News; only its admins create them.')).toBeInTheDocument();
    await user.click(within(row('Nightly import')).getByRole('button', { name: 'Revoke the API key Nightly import' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Revoke the API key Nightly import?' });
    expect(confirm).toHaveTextContent('Programs using Nightly import (pp_live_AbCd…) are refused from their next request on.');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('API key revoked')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'DELETE' && request.url.endsWith('/api-keys/3'))).toBe(true);
  });

  it('checks the form before sending, then says a refusal of the server in the dialog and keeps what was typed', async () => {
    server.use(http.post(apiUrl('/external/publishers/201/api-keys'), () => apiError(409, 'ALREADY_EXISTS')));
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an API key for Atlas News' });
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Choose at least one scope')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toBeInvalid();

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '  Nightly import 2  ');
    await user.click(within(dialog).getByRole('checkbox', { name: /^zones:read/ }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Allowed addresses (optional)' }));
    await user.paste('203.0.113.0/24, 10.0.0.300');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('10.0.0.300 is not an IP address or CIDR block')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    const addresses = within(dialog).getByRole('textbox', { name: 'Allowed addresses (optional)' });
    await user.clear(addresses);
    await user.type(addresses, '203.0.113.0/24{Enter}2001:db8::/48');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This publisher has 100 keys in use, the most it may have. Revoke one first.');
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('  Nightly import 2  ');
    const post = requests.find((request) => request.method === 'POST');
    const body = (await post?.clone().json()) as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Nightly import 2', scopes: ['zones:read'], allowedAddresses: ['203.0.113.0/24', '2001:db8::/48'] });
    const days = (Date.parse(body.expiresAt as string) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
    expect(post?.headers.get('idempotency-key')).toMatch(/^"[0-9a-f-]{36}"$/);
  });

  it('asks for a year ending a little inside the server limit, so a browser clock slightly ahead is not refused', () => {
    const now = Date.parse('2026-12-02T08:00:00Z');
    const request = requestOf({ name: ' x ', scopes: ['reports:read'], days: 365, addresses: '' }, now);
    expect(request).toEqual({ name: 'x', scopes: ['reports:read'], expiresAt: '2027-12-02T07:50:00.000Z', allowedAddresses: [] });
  });
});
