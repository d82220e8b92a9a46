// The role x operation table (issue 22, src/lib/roles.ts) over every operation of the contract, through HTTP:
// each publisher's operation called for Atlas News by its admin, editor, viewer and a finance member, and by
// network staff, is refused with 403 ROLE_NOT_ALLOWED exactly where the table says so. An operation of the
// contract for a publisher without a request below fails here, as a write without a place in the history's lists
// fails historyRecording.test.ts. Also: role changes and removals take effect on the member's next request, and a
// frame address stops working when its signer's role no longer allows it.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../server/src/db/seed/demo';
import { OPERATION_RULES, mayCall, type Caller, type OperationId } from '../../src/lib/roles';
import { loginToken } from '../support/auth';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { addMember, bearer } from '../support/teamFixtures';
import { ATLAS, MISSING, REQUESTS, ZONE } from '../support/publisherRequests';


let t: TestApp;
const tokens = new Map<string, { token: string; userId: number; caller: Caller }>();

beforeAll(async () => {
  t = await createTestApp();
  const financeId = await addMember(t, 'finance@publisher.example', ATLAS, 'FINANCE');
  tokens.set('admin', { token: await t.token('multi'), userId: DEMO.users.multi, caller: 'ADMIN' });
  tokens.set('editor', { token: await t.token('editor'), userId: DEMO.users.editor, caller: 'EDITOR' });
  tokens.set('viewer', { token: await t.token('viewer'), userId: DEMO.users.viewer, caller: 'VIEWER' });
  tokens.set('finance', { token: await loginToken(t, 'finance@publisher.example'), userId: financeId, caller: 'FINANCE' });
  tokens.set('staff', { token: await t.token('staff'), userId: DEMO.users.staff, caller: 'STAFF' });
});
afterAll(() => t.close());

const publisher = `/external/publishers/${ATLAS}`;
const publisherOperations = (Object.keys(OPERATION_RULES) as OperationId[]).filter((id) => OPERATION_RULES[id].scope === 'publisher');
const refusedByRole = (res: LightMyRequestResponse) => res.statusCode === 403 && (res.json() as { code?: string }).code === 'ROLE_NOT_ALLOWED';

describe('the role x operation table, through HTTP', () => {
  it("has a request for every operation of the contract for a publisher (add one for a new operation)", () => {
    expect(publisherOperations.filter((id) => !REQUESTS[id])).toEqual([]);
  });

  it.each(publisherOperations)('%s: refused with 403 ROLE_NOT_ALLOWED exactly for the roles the table refuses', async (operation) => {
    const request = REQUESTS[operation];
    if (!request) throw new Error(`no request for ${operation}`);
    const seen: Record<string, string> = {};
    for (const [name, { token, userId, caller }] of tokens) {
      const res = await t.call({ ...request(userId), headers: bearer(token) });
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
      seen[name] = refusedByRole(res) ? 'refused' : 'allowed';
      if (refusedByRole(res)) expect(res.json()).toEqual({ code: 'ROLE_NOT_ALLOWED', message: expect.any(String) });
      expect(seen[name], `${name} (${caller}) on ${operation}: ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(mayCall(caller, operation) ? 'allowed' : 'refused');
    }
  });

  it('answers a member of another publisher exactly as a missing publisher, whatever its role there', async () => {
    const viewer = tokens.get('viewer')!.token;
    const foreign = await t.call({ method: 'GET', url: `/external/publishers/${DEMO.publishers.soloMedia}/members`, headers: bearer(viewer) });
    const missing = await t.call({ method: 'GET', url: `/external/publishers/${MISSING}/members`, headers: bearer(viewer) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
  });

  it("gives each member their role in the publishers it lists, and staff none", async () => {
    const list = async (token: string) =>
      ((await t.call({ method: 'GET', url: '/external/publishers/simple-search', headers: bearer(token) })).json() as { name: string; role: string | null }[]).map(
        (entry) => [entry.name, entry.role],
      );
    expect(await list(tokens.get('admin')!.token)).toEqual([
      ['Atlas News', 'ADMIN'],
      ['Premium Classic', 'ADMIN'],
      ['Sakura Press', 'ADMIN'],
    ]);
    expect(await list(tokens.get('editor')!.token)).toEqual([['Atlas News', 'EDITOR']]);
    expect((await list(tokens.get('staff')!.token)).every(([, role]) => role === null)).toBe(true);
  });
});

describe('changes of role take effect on the next request', () => {
  it('a member given another role is refused (or allowed) from its next request on, and a removed member gets 404', async () => {
    await addMember(t, 'changing@publisher.example', ATLAS, 'VIEWER');
    const token = await loginToken(t, 'changing@publisher.example');
    const rename = () => t.call({ method: 'PUT', url: `/external/zones/${ZONE}`, headers: bearer(token), payload: { name: 'Renamed by role', typeId: 1, enabled: true } });
    expect(refusedByRole(await rename())).toBe(true);

    const admin = bearer(tokens.get('admin')!.token);
    const { id } = (await t.db.one<{ id: number }>("SELECT id FROM users WHERE email = 'changing@publisher.example'"))!;
    expect((await t.call({ method: 'PATCH', url: `${publisher}/members/${id}`, headers: admin, payload: { role: 'EDITOR' } })).statusCode).toBe(200);
    expect((await rename()).statusCode).toBe(200);

    expect((await t.call({ method: 'DELETE', url: `${publisher}/members/${id}`, headers: admin })).statusCode).toBe(204);
    const after = await rename();
    expect(after.statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `${publisher}`, headers: bearer(token) })).statusCode).toBe(404);
  });

  it("a frame address stops working once its signer's role no longer allows the page", async () => {
    await addMember(t, 'payer@publisher.example', ATLAS, 'FINANCE');
    const token = await loginToken(t, 'payer@publisher.example');
    const frame = await t.call({
      method: 'POST',
      url: '/external/payment-provider-url/payments',
      headers: bearer(token),
      payload: { publisherId: String(ATLAS), businessUnitId: '1' },
    });
    expect(frame.statusCode).toBe(200);
    const url = (frame.json() as { url: string }).url;
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(200);
    await t.db.query("UPDATE user_publishers SET role = 'VIEWER' WHERE user_id = (SELECT id FROM users WHERE email = 'payer@publisher.example')");
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
  });
});
