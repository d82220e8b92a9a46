import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { expectAccessMatrix } from '../support/accessMatrix';
import { clearPublisherRows, insertLedgerRow } from '../support/publisherFixtures';
import { DEMO } from '../../server/src/db/seed/demo';

const P = DEMO.publishers;
const NOBODY = DEMO.firstOtherPublisher;
const targets = { solo: P.soloMedia, multi: P.atlasNews, nobody: NOBODY, missing: 99999 };

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await clearPublisherRows(t.db, [P.soloMedia, P.atlasNews, P.premiumClassic, NOBODY]);
  ids.march = await insertLedgerRow(t.db, { publisherId: P.soloMedia, date: '2026-03-31', description: 'March earnings', amount: 1234.5 });
  ids.payout = await insertLedgerRow(t.db, {
    publisherId: P.soloMedia, date: '2026-04-15', description: 'Payment via ACH transfer (202603-0007)', amount: -1234.5, descriptionKey: 'paymentAch', reference: '202603-0007',
  });
  ids.formula = await insertLedgerRow(t.db, { publisherId: P.soloMedia, date: '2026-04-15', description: '=HYPERLINK("http://evil.example","x")', amount: 10 });
  ids.at = await insertLedgerRow(t.db, { publisherId: P.soloMedia, date: '2026-02-28', description: '@SUM(A1:A9), "quoted"', amount: 99.99, currency: 'EUR' });
  await insertLedgerRow(t.db, { publisherId: P.atlasNews, date: '2026-04-01', description: 'Atlas earnings', amount: 500 });
  await insertLedgerRow(t.db, { publisherId: P.premiumClassic, date: '2026-04-01', description: 'Legacy earnings', amount: 5 });
});
afterAll(() => t.close());

const ledgerUrl = (publisherId: number, query = '') => `/external/publishers/${publisherId}/payment-ledger${query}`;

describe('payment ledger', () => {
  it('lists the publisher’s rows newest first, ties by id, with every field', async () => {
    const res = await t.call({ method: 'GET', url: ledgerUrl(P.soloMedia), as: 'solo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalElements: 4, totalPages: 1, page: 0, size: 20 });
    expect(res.json().content).toEqual([
      { id: ids.formula, date: '2026-04-15', description: '=HYPERLINK("http://evil.example","x")', descriptionKey: null, reference: null, amount: 10, currency: 'USD', kind: 'earnings', month: '2026-04' },
      // A standard line names its key and reference, so the console words it in the user's language (issue 21).
      { id: ids.payout, date: '2026-04-15', description: 'Payment via ACH transfer (202603-0007)', descriptionKey: 'paymentAch', reference: '202603-0007', amount: -1234.5, currency: 'USD', kind: 'payment', month: '2026-04' },
      { id: ids.march, date: '2026-03-31', description: 'March earnings', descriptionKey: null, reference: null, amount: 1234.5, currency: 'USD', kind: 'earnings', month: '2026-03' },
      { id: ids.at, date: '2026-02-28', description: '@SUM(A1:A9), "quoted"', descriptionKey: null, reference: null, amount: 99.99, currency: 'EUR', kind: 'earnings', month: '2026-02' },
    ]);
  });

  it('orders oldest first on request and pages from zero', async () => {
    const res = await t.call({ method: 'GET', url: ledgerUrl(P.soloMedia, '?direction=ASC&page=1&size=3'), as: 'solo' });
    expect(res.json()).toMatchObject({ totalElements: 4, totalPages: 2, page: 1, size: 3 });
    expect(res.json().content.map((row: { id: number }) => row.id)).toEqual([ids.formula]);
  });

  it('exports the whole ledger as CSV with headers and formula-like text neutralised', async () => {
    const res = await t.call({ method: 'GET', url: ledgerUrl(P.soloMedia, '/export?fileType=CSV'), as: 'solo' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="payment-ledger-\d{8}-\d{6}\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body.slice(1).split('\r\n')).toEqual([
      'Date,Description,Amount,Currency',
      `2026-04-15,"'=HYPERLINK(""http://evil.example"",""x"")",10,USD`,
      '2026-04-15,Payment via ACH transfer (202603-0007),-1234.5,USD',
      '2026-03-31,March earnings,1234.5,USD',
      `2026-02-28,"'@SUM(A1:A9), ""quoted""",99.99,EUR`,
      '',
    ]);
  });

  it('quotes cells a spreadsheet splitting on ; or | would cut into a formula, and neutralises them', async () => {
    // Atlas News has one row of its own (beforeAll); these two are added here and read back only here.
    await insertLedgerRow(t.db, { publisherId: P.atlasNews, date: '2026-05-02', description: ';=1+1', amount: 1 });
    await insertLedgerRow(t.db, { publisherId: P.atlasNews, date: '2026-05-01', description: 'Bonus|=cmd|calc', amount: 2 });
    const res = await t.call({ method: 'GET', url: ledgerUrl(P.atlasNews, '/export?fileType=CSV'), as: 'multi' });
    expect(res.statusCode).toBe(200);
    expect(res.body.slice(1).split('\r\n').slice(1, 3)).toEqual([`2026-05-02,";'=1+1",1,USD`, `2026-05-01,"Bonus|'=cmd|calc",2,USD`]);
  });

  it('refuses a file type other than CSV', async () => {
    const res = await t.call({ method: 'GET', url: ledgerUrl(P.soloMedia, '/export?fileType=XLSX'), as: 'solo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('/query/fileType');
  });

  it('is refused to legacy just-premium publishers (403), list and export', async () => {
    expect((await t.call({ method: 'GET', url: ledgerUrl(P.premiumClassic), as: 'multi' })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: ledgerUrl(P.premiumClassic, '/export?fileType=CSV'), as: 'multi' })).statusCode).toBe(403);
  });

  it('passes the authorization matrix, list and export', async () => {
    await expectAccessMatrix(t, targets, (id) => ({ method: 'GET', url: ledgerUrl(id) }), 200);
    await expectAccessMatrix(t, targets, (id) => ({ method: 'GET', url: ledgerUrl(id, '/export?fileType=CSV') }), 200);
  });
});

describe('payment provider address', () => {
  const businessUnitOf = async (publisherId: number) =>
    (await t.db.one<{ bu: number }>('SELECT business_unit_id AS bu FROM publishers WHERE id = $1', [publisherId]))?.bu ?? 1;
  const request = async (id: number, reportType = 'billing') => ({
    method: 'POST' as const,
    url: `/external/payment-provider-url/${reportType}`,
    payload: { publisherId: String(id), businessUnitId: String(await businessUnitOf(id)) },
  });

  it('answers a short-lived address of the provider page for this publisher and page', async () => {
    const before = Date.now();
    const res = await t.call({ ...(await request(P.soloMedia, 'payments')), as: 'solo' });
    expect(res.statusCode).toBe(200);
    const { url, expiresAt } = res.json();
    expect(url).toMatch(/^\/frames\/payment-provider\/payments\?token=[\w.%-]+$/);
    const ttl = Date.parse(expiresAt) - before;
    expect(ttl).toBeGreaterThan(4 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(5 * 60 * 1000 + 1000);
    const token = decodeURIComponent(new URL(url, 'http://x').searchParams.get('token')!);
    expect(t.app.services.frames.verify(token)).toMatchObject({ kind: 'payment-provider', target: 'payments', publisherId: P.soloMedia, userId: DEMO.users.solo });
  });

  it('is available to legacy just-premium publishers (billing)', async () => {
    const res = await t.call({ ...(await request(P.premiumClassic)), as: 'multi' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a business unit that is not the publisher’s with a 400 naming it', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/external/payment-provider-url/billing',
      as: 'multi',
      payload: { publisherId: String(P.sakuraPress), businessUnitId: '1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: '/body/businessUnitId' })]);
  });

  it('refuses ids that are not decimal strings, and unknown report types', async () => {
    const numeric = await t.call({ method: 'POST', url: '/external/payment-provider-url/billing', as: 'solo', payload: { publisherId: 1, businessUnitId: '1' } });
    expect(numeric.json().details[0].field).toBe('/body/publisherId');
    const type = await t.call({ ...(await request(P.soloMedia, 'invoices')), as: 'solo' });
    expect(type.json().details[0].field).toBe('/path/reportType');
  });

  it('answers an id beyond the id range like a missing publisher', async () => {
    const huge = await t.call({ method: 'POST', url: '/external/payment-provider-url/billing', as: 'solo', payload: { publisherId: '9999999999', businessUnitId: '1' } });
    const missing = await t.call({ ...(await request(99999)), as: 'solo' });
    expect(huge.statusCode).toBe(404);
    expect(huge.body).toBe(missing.body);
  });

  it('passes the authorization matrix', async () => {
    await expectAccessMatrix(t, targets, (id) => request(id), 200);
  });
});
