// The stand-in payment provider page: payee details and the publisher's own payment history, reached through the
// address getPaymentProviderUrl hands out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { clearPublisherRows, insertLedgerRow } from '../support/publisherFixtures';
import { DEMO } from '../../server/src/db/seed/demo';

const P = DEMO.publishers;
const NOBODY = DEMO.firstOtherPublisher;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await clearPublisherRows(t.db, [P.soloMedia, P.atlasNews, NOBODY]);
  await t.db.query("UPDATE publishers SET payee_name = 'Sofia Solo LLC', payment_method = 'PayPal' WHERE id = $1", [P.soloMedia]);
  await t.db.query('UPDATE publishers SET payee_name = NULL, payment_method = NULL WHERE id = $1', [NOBODY]);
  await insertLedgerRow(t.db, { publisherId: P.soloMedia, date: '2026-03-31', description: 'March earnings', amount: 1234.5 });
  await insertLedgerRow(t.db, { publisherId: P.soloMedia, date: '2026-04-30', description: '<img src=x onerror=alert(1)> refund', amount: -34.5 });
  await insertLedgerRow(t.db, { publisherId: P.soloMedia, date: '2026-04-01', description: 'Euro earnings', amount: 10, currency: 'EUR' });
  await insertLedgerRow(t.db, { publisherId: P.atlasNews, date: '2026-04-01', description: 'Atlas earnings', amount: 777 });
});
afterAll(() => t.close());

/** The page as the console gets it: ask for the address, then open it without any credentials. */
async function providerPage(publisherId: number, reportType: 'billing' | 'payments', as: 'solo' | 'staff' = 'solo') {
  const bu = (await t.db.one<{ bu: number }>('SELECT business_unit_id AS bu FROM publishers WHERE id = $1', [publisherId]))!.bu;
  const address = await t.call({
    method: 'POST',
    url: `/external/payment-provider-url/${reportType}`,
    as,
    payload: { publisherId: String(publisherId), businessUnitId: String(bu) },
  });
  expect(address.statusCode).toBe(200);
  return t.call({ method: 'GET', url: address.json().url, as: null });
}

describe('payment provider page', () => {
  it('shows the payee details and the publisher’s own payment history, newest first', async () => {
    const res = await providerPage(P.soloMedia, 'billing');
    expect(res.statusCode).toBe(200);
    const unit = (await t.db.one<{ name: string }>('SELECT bu.name FROM publishers p JOIN business_units bu ON bu.id = p.business_unit_id WHERE p.id = $1', [P.soloMedia]))!.name;
    expect(res.body).toContain('<h1>Billing</h1>');
    expect(res.body).toContain('<dt>Publisher</dt><dd>Solo Media</dd>');
    expect(res.body).toContain(`<dt>Business unit</dt><dd>${unit}</dd>`);
    expect(res.body).toContain('<dt>Payee</dt><dd>Sofia Solo LLC</dd>');
    expect(res.body).toContain('<dt>Payment method</dt><dd>PayPal</dd>');
    expect(res.body).toContain('<dt>Balance (USD)</dt><dd>1,200.00</dd>');
    expect(res.body).toContain('<dt>Balance (EUR)</dt><dd>10.00</dd>');
    const dates = [...res.body.matchAll(/<th role="rowheader" scope="row">(\d{4}-\d\d-\d\d)<\/th>/g)].map((m) => m[1]);
    expect(dates).toEqual(['2026-04-30', '2026-04-01', '2026-03-31']);
    expect(res.body).toMatch(/<td role="cell" class="num" data-label="[^"]+">1,234.50<\/td>/);
    expect(res.body).not.toContain('Atlas earnings');
  });

  it('escapes what it shows and carries no markup from the data', async () => {
    const res = await providerPage(P.soloMedia, 'payments');
    expect(res.body).toContain('<h1>Payments</h1>');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt; refund');
    expect(res.body).not.toContain('<img');
    expect(res.body).not.toMatch(/<script/i);
  });

  it('escapes the publisher name and states missing details', async () => {
    await t.db.query('UPDATE publishers SET name = $1 WHERE id = $2', ['<script>alert(1)</script> Media', NOBODY]);
    const res = await providerPage(NOBODY, 'billing', 'staff');
    expect(res.body).toContain('<dt>Publisher</dt><dd>&lt;script&gt;alert(1)&lt;/script&gt; Media</dd>');
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain('<dt>Payment method</dt><dd>Not set</dd>');
    expect(res.body).toContain('No payments yet.');
  });

  it('may be framed only by the console', async () => {
    const res = await providerPage(P.soloMedia, 'billing');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self' http://console.test");
  });
});
