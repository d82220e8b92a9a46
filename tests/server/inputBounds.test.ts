// Inputs the database cannot hold, or that make no sense in a name, a search or a password: control characters
// (U+0000 above all: PostgreSQL text cannot store it) and integers beyond int4. The contract bounds them, so each
// is a 400 naming the field, never a 500 with a stack in the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { DEMO, DEMO_PASSWORD } from '../../server/src/db/seed/demo';
import { NEW_PASSWORD, addUser, login } from '../support/auth';
import { loadContract } from '../../server/src/http/contract';

let t: TestApp;
const errors: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' }, { logStream: { write: (line) => void errors.push(line) } });
});
afterAll(() => t.close());

const ZONE = DEMO.zones.atlas;
const PUBLISHER = DEMO.publishers.atlasNews;
const NUL = '\u0000';
const INT4_PAST = 2147483648;

async function expectRefused(request: InjectOptions & { as?: 'multi' | 'staff' | null }, field: string): Promise<void> {
  const before = errors.length;
  const res = await t.call({ as: 'multi', ...request });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().code).toBe('VALIDATION_FAILED');
  expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
  expect(errors.slice(before)).toEqual([]);
}

describe('control characters', () => {
  const zoneUpdate = { enabled: false, name: 'Atlas Homepage', typeId: 1 };
  it.each<[string, InjectOptions & { as?: 'multi' | 'staff' | null }, string]>([
    ['a zone name (rename)', { method: 'PUT', url: `/external/zones/${ZONE}`, payload: { ...zoneUpdate, name: `Home${NUL}` } }, '/body/name'],
    [
      'a new zone name',
      { method: 'POST', url: '/external/request', payload: { userId: DEMO.users.multi, publisherId: PUBLISHER, name: `New${NUL}zone`, domains: ['example.com'], typeId: 1, services: [] } },
      '/body/name',
    ],
    [
      'a slot name',
      {
        method: 'PUT',
        url: `/external/zones/${ZONE}/slots/bulk`,
        payload: { trackingId: ZONE, slots: [{ trackingId: ZONE, slotSizeId: 1, name: `Slot${NUL}`, implementationTypeId: 1, placementId: null, enabled: true }] },
      },
      '/body/slots/0/name',
    ],
    ['a zone search term', { method: 'POST', url: `/external/publishers/${PUBLISHER}/zones/search?names=Home%00` }, '/query/names/0'],
    ['a publisher search term', { method: 'GET', url: '/external/publishers/simple-search?searchTerm=Atlas%00' }, '/query/searchTerm'],
    ['an advertiser search term', { method: 'GET', url: '/external/advertisers-global/search?partialName=Ac%00me' }, '/query/partialName'],
    [
      'an IAB restriction value',
      { method: 'POST', url: `/external/zone/${ZONE}/restrictions/bulk`, payload: [{ clusivity: 'EXCLUDE', type: 'iab_category', restrictions: [`IAB1${NUL}`] }] },
      '/body/0/restrictions/0',
    ],
    [
      'an advertiser domain',
      { method: 'POST', url: `/external/publisher/${PUBLISHER}/restrictions/bulk`, payload: [{ clusivity: 'EXCLUDE', type: 'advertiser_domain', restrictions: [`ads${NUL}.example.com`] }] },
      '/body/0/restrictions/0',
    ],
    [
      'an app-store URL',
      {
        method: 'POST',
        url: '/external/request',
        payload: { userId: DEMO.users.multi, publisherId: PUBLISHER, name: 'App', domains: [`https://apps.apple.com/app/id1${NUL}`], typeId: 3, services: [] },
      },
      '/body/domains/0',
    ],
    ['the mailbox filter', { method: 'GET', url: '/dev/mailbox/messages?to=a%00@b.example', as: null }, '/query/to'],
    [
      "a dashboard viewer's name",
      { method: 'POST', url: '/external/dashboard-service/publishers', payload: { userId: DEMO.users.multi, firstName: `Max${NUL}`, lastName: 'Multi', entityId: PUBLISHER, lookerReportId: 5 } },
      '/body/firstName',
    ],
    ['a reset link token', { method: 'POST', url: '/auth/validate', as: null, payload: { tk: `${'a'.repeat(20)}${NUL}`, ue: 'a@b.example' } }, '/body/tk'],
    ['a frame token', { method: 'GET', url: `/frames/dashboard/5?token=${'a'.repeat(30)}%00`, as: null }, '/query/token'],
  ])('refuses %s holding U+0000 with a 400 naming it', async (_what, request, field) => {
    await expectRefused(request, field);
  });

  it.each(['\u0001', '\t', '\n', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f'])('refuses a zone name holding %j as well (C0 and C1 controls)', async (control) => {
    await expectRefused({ method: 'PUT', url: `/external/zones/${ZONE}`, payload: { ...zoneUpdate, name: `Home${control}page` } }, '/body/name');
  });

  it('still takes names in any script, with inner spaces', async () => {
    const url = `/external/zones/${DEMO.zones.atlasNoSlots}`;
    const { enabled } = (await t.call({ method: 'GET', url, as: 'multi' })).json();
    const res = await t.call({ method: 'PUT', url, as: 'multi', payload: { enabled, name: 'Ａtlas\u00a0ニュース — été', typeId: 1 } });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('lone UTF-16 surrogates', () => {
  // JSON can carry one ("\ud800") and JavaScript strings hold it, but no UTF-8 text can: PostgreSQL's jsonb refuses
  // it (the history entry of a zone write was a 500) and its text stores it as U+FFFD (a slot name, a pattern).
  const zoneRequest = { userId: DEMO.users.multi, publisherId: PUBLISHER, domains: ['example.com'], typeId: 1, services: [] };
  const slot = (name: string) => ({ trackingId: ZONE, slotSizeId: 1, name, implementationTypeId: 1, placementId: null, enabled: true });

  it.each<[string, InjectOptions & { as?: 'multi' | 'staff' | null }, string]>([
    ['a new zone name (its history entry failed: 500)', { method: 'POST', url: '/external/request', payload: { ...zoneRequest, name: '\ud800' } }, '/body/name'],
    ['a zone rename (500)', { method: 'PUT', url: `/external/zones/${ZONE}`, as: 'staff', payload: { enabled: true, name: 'Home\udfff', typeId: 1 } }, '/body/name'],
    ['a slot name (stored as U+FFFD)', { method: 'PUT', url: `/external/zones/${ZONE}/slots/bulk`, payload: { trackingId: ZONE, slots: [slot('Slot \ud800')] } }, '/body/slots/0/name'],
    [
      'a blocked-URL pattern (stored as U+FFFD)',
      {
        method: 'POST',
        url: `/external/zones/${ZONE}/asset-url-filter-patterns/bulk`,
        payload: { zoneAssetUrlFilterPatternParamList: [{ pattern: 'https://example.com/\udc00ad', urlType: 'PAGE', evalType: 'CONTAINS' }] },
      },
      '/body/zoneAssetUrlFilterPatternParamList/0/pattern',
    ],
    [
      "a dashboard viewer's name (taken)",
      { method: 'POST', url: '/external/dashboard-service/publishers', payload: { userId: DEMO.users.multi, firstName: 'Max\udbff', lastName: 'Multi', entityId: PUBLISHER, lookerReportId: 5 } },
      '/body/firstName',
    ],
    ['a password (compared as U+FFFD)', { method: 'POST', url: '/auth/login', as: null, payload: { email: 'multi@publisher.example', password: `${DEMO_PASSWORD}\ud800` } }, '/body/password'],
  ])('refuses %s with a 400 naming it', async (_what, request, field) => {
    await expectRefused(request, field);
  });

  it('stores nothing of a refused slot or pattern', async () => {
    const slots = await t.call({ method: 'GET', url: `/external/zones/${ZONE}/slots`, as: 'multi' });
    const patterns = await t.call({ method: 'GET', url: `/external/zones/${ZONE}/asset-url-filter-patterns`, as: 'multi' });
    expect(slots.body).not.toContain('\ufffd');
    expect(patterns.body).not.toMatch(/\ufffd|%EF%BF%BD/i);
  });

  it('still takes characters outside the Basic Multilingual Plane (a surrogate pair), in a name and a search', async () => {
    const url = `/external/zones/${DEMO.zones.atlasNoSlots}`;
    const { enabled } = (await t.call({ method: 'GET', url, as: 'multi' })).json();
    const res = await t.call({ method: 'PUT', url, as: 'multi', payload: { enabled, name: 'Atlas 💥 𝔘𝔫𝔦𝔠𝔬𝔡𝔢', typeId: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('Atlas 💥 𝔘𝔫𝔦𝔠𝔬𝔡𝔢');
    const search = await t.call({ method: 'POST', url: `/external/publishers/${PUBLISHER}/zones/search?names=${encodeURIComponent('💥')}`, as: 'multi' });
    expect(search.json().content.map((zone: { name: string }) => zone.name)).toContain('Atlas 💥 𝔘𝔫𝔦𝔠𝔬𝔡𝔢');
  });
});

describe('e-mail addresses', () => {
  // Generated clients check what the contract says; JSON Schema's `email` format took `0@com` and `v@io`, which
  // the server refused. The contract now states the server's rule as a pattern: both must agree on each address.
  const { pattern } = (loadContract().document as { components: { schemas: { Email: { pattern?: string } } } }).components.schemas.Email;

  it.each(['0@com', 'v@io', 'user@localhost', 'user@127.0.0.1', '"q"@example.com', 'user@example.c0m', 'a@b.io', 'o\'brien+ads@example.org', 'user@xn--bcher-kva.de'])(
    'answers %s as the contract pattern says: 400 naming the field exactly when it does not match',
    async (email) => {
      expect(pattern, 'the contract states the rule as a pattern').toEqual(expect.any(String));
      const res = await t.call({ method: 'POST', url: '/auth/login', payload: { email, password: 'Wrong#2026pass' } });
      const refused = res.statusCode === 400 && res.json().details.some((d: { field: string }) => d.field === '/body/email');
      expect(refused, res.body).toBe(!new RegExp(pattern!, 'u').test(email));
      expect(res.statusCode).toBe(refused ? 400 : 401);
    },
  );
});

describe('passwords', () => {
  it('refuses a control character in a password instead of matching it as the same password (HMAC key padding)', async () => {
    await addUser(t, 'padded@publisher.example');
    const res = await login(t, 'padded@publisher.example', `${DEMO_PASSWORD}${NUL}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['/body/password']);
  });

  it.each([
    ['the current password', { password: `${DEMO_PASSWORD}\u0000`, newPassword: NEW_PASSWORD }, '/body/password'],
    ['the new password', { password: DEMO_PASSWORD, newPassword: `${NEW_PASSWORD}\u0007` }, '/body/newPassword'],
  ])('refuses a control character in %s of a password change', async (_what, passwords, field) => {
    await expectRefused({ method: 'POST', url: '/auth/change-pwd', payload: { email: 'multi@publisher.example', ...passwords } }, field);
  });

  it('refuses a control character in either password of a reset', async () => {
    const payload = { tk: 'a'.repeat(43), ue: 'multi@publisher.example', password: `Temp${NUL}`, newPassword: `${NEW_PASSWORD}\n` };
    const res = await t.call({ method: 'POST', url: '/auth/reset-pwd', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['/body/newPassword', '/body/password']);
  });
});

describe('integers beyond int4', () => {
  it.each([
    ['verticalId', { enabled: false, name: 'Atlas Homepage', typeId: 1, verticalId: INT4_PAST }, '/body/verticalId'],
    ['zoneGradeId', { enabled: false, name: 'Atlas Homepage', typeId: 1, zoneGradeId: INT4_PAST }, '/body/zoneGradeId'],
  ])('refuses %s past 2147483647 with a 400 naming it, for staff too', async (_field, payload, field) => {
    await expectRefused({ method: 'PUT', url: `/external/zones/${ZONE}`, as: 'staff', payload }, field);
  });

  it('refuses an implementation type id past 2147483647 in a services update', async () => {
    await expectRefused(
      { method: 'PUT', url: '/external/zones/bulk/services', payload: { trackingIds: [ZONE], services: [{ serviceId: 5, implementationTypeId: INT4_PAST }] } },
      '/body/services/0/implementationTypeId',
    );
  });

  it('refuses a placement id past 2147483647 in a slot request', async () => {
    await expectRefused(
      {
        method: 'PUT',
        url: `/external/zones/${ZONE}/slots/bulk`,
        payload: { trackingId: ZONE, slots: [{ trackingId: ZONE, slotSizeId: 1, name: 'Slot', implementationTypeId: 1, placementId: INT4_PAST, enabled: true }] },
      },
      '/body/slots/0/placementId',
    );
  });
});

// Issue 30, item 5: `searchTerm=%ED%A0%80` answered 200, searching U+FFFD.
describe('query parameters that are not UTF-8', () => {
  it.each([
    ['a lone surrogate encoded', '%ED%A0%80'],
    ['a byte no UTF-8 has', '%FF'],
    ['a sequence cut short', 'Atlas%C3'],
    ['an overlong encoding', '%C0%AF'],
  ])('refuses %s with 400 naming the parameter', async (_, value) => {
    await expectRefused({ method: 'GET', url: `/external/publishers/simple-search?searchTerm=${value}` }, '/query/searchTerm');
  });

  it('takes encoded UTF-8, and a parameter of another operation alike', async () => {
    const res = await t.call({ as: 'multi', method: 'GET', url: '/external/publishers/simple-search?searchTerm=%C3%A9%E6%97%A5' });
    expect(res.statusCode, res.body).toBe(200);
    await expectRefused({ method: 'GET', url: `/external/publishers/${PUBLISHER}/members?searchTerm=Eddie%ED%A0%80` }, '/query/searchTerm');
  });
});
