import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { DEMO } from '../../server/src/db/seed/demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('publisher chooser search', () => {
  it('lists only the caller own publishers for an external user', async () => {
    const res = await t.call({ method: 'GET', url: '/external/publishers/simple-search', as: 'multi' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { name: string }) => p.name)).toEqual(['Atlas News', 'Premium Classic', 'Sakura Press']);
  });

  it('lets internal staff search every publisher by part of the name or by id', async () => {
    const byName = await t.call({ method: 'GET', url: '/external/publishers/simple-search?searchTerm=gaz', as: 'staff' });
    expect(byName.json().map((p: { name: string }) => p.name)).toEqual(['Harbor Gazette']);
    const byId = await t.call({ method: 'GET', url: `/external/publishers/simple-search?searchTerm=${DEMO.publishers.soloMedia}`, as: 'staff' });
    expect(byId.json()[0].name).toBe('Solo Media');
  });

  it('treats LIKE wildcards in the term literally', async () => {
    const res = await t.call({ method: 'GET', url: '/external/publishers/simple-search?searchTerm=%25', as: 'staff' });
    expect(res.json()).toEqual([]);
  });

  it('refuses a page of more than 100 results with a 400 naming the parameter', async () => {
    const res = await t.call({ method: 'GET', url: '/external/publishers/simple-search?maxResults=500', as: 'staff' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: '/query/maxResults' }] });
  });

  it('requires the app header', async () => {
    const res = await t.call({ method: 'GET', url: '/external/publishers/simple-search', as: 'multi', headers: { 'x-app': 'XX' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('/header/x-app');
  });
});

describe('one publisher', () => {
  it('answers another publisher exactly like a missing one', async () => {
    const other = await t.call({ method: 'GET', url: `/external/publishers/${DEMO.publishers.soloMedia}`, as: 'multi' });
    const missing = await t.call({ method: 'GET', url: '/external/publishers/99999', as: 'multi' });
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(missing.body);
  });

  it('records GDPR acceptance once, for the publisher only', async () => {
    const url = `/external/publishers/${DEMO.publishers.soloMedia}/accept-gdpr`;
    expect((await t.call({ method: 'PATCH', url, as: 'staff' })).statusCode).toBe(403);
    const first = await t.call({ method: 'PATCH', url, as: 'solo' });
    expect(first.statusCode).toBe(200);
    const again = await t.call({ method: 'PATCH', url, as: 'solo' });
    expect(again.json().gdprAcceptedAt).toBe(first.json().gdprAcceptedAt);
    const publisher = await t.call({ method: 'GET', url: `/external/publishers/${DEMO.publishers.soloMedia}`, as: 'solo' });
    expect(publisher.json().gdprAcceptedAt).toBe(first.json().gdprAcceptedAt);
  });
});
