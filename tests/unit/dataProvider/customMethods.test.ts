import { delay } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider, type PortalDataProvider } from '../../../src/dataProvider/dataProvider';
import { createSessionStore } from '../../../src/dataProvider/session';
import { legacyPublisher, TEST_API_BASE } from '../../support/builders';
import { answerEveryCall, apiError, http, HttpResponse, lastCall as lastCallOf, recordRequests, setupMsw, testClient } from '../../support/msw';
import { MemoryStorage } from '../../support/storage';

const server = setupMsw();
const requests = recordRequests(server);

function provider(): PortalDataProvider {
  const session = createSessionStore({ storage: new MemoryStorage(), events: null });
  return createDataProvider(testClient({ token: 'jwt' }), { session });
}

const lastCall = () => lastCallOf(requests);

type Case = [name: string, call: (p: PortalDataProvider) => Promise<unknown>, line: string, body?: unknown];

const dashboard = { userId: 11, firstName: 'Solo', lastName: 'Owner', entityId: 101, lookerReportId: 5 } as const;

// Only calls that are not records stay custom methods; lists and records are resources (resources.test.ts).
const CASES: Case[] = [
  ['getAdsTxt', (p) => p.getAdsTxt(101, [1, 5]), 'GET /external/ads-txt?publisherId=101&businessUnitIds=1&businessUnitIds=5'],
  ['acceptGdpr', (p) => p.acceptGdpr(101), 'PATCH /external/publishers/101/accept-gdpr'],
  ['getDashboardUrl', (p) => p.getDashboardUrl(dashboard), 'POST /external/dashboard-service/publishers', dashboard],
  ['getDashboardUrl with the locale', (p) => p.getDashboardUrl({ ...dashboard, locale: 'ja' }), 'POST /external/dashboard-service/publishers', { ...dashboard, locale: 'ja' }],
  ['getPaymentProviderUrl', (p) => p.getPaymentProviderUrl('billing', legacyPublisher({ id: 104 })), 'POST /external/payment-provider-url/billing', { publisherId: '104', businessUnitId: '7' }],
];

describe('custom methods: the HTTP call of each (spec section 7)', () => {
  it.each(CASES)('%s', async (_name, call, line, body) => {
    answerEveryCall(server, { url: '/frames/x?token=y', expiresAt: '2026-01-15T12:05:00Z' });
    await call(provider());
    const sent = await lastCall();
    expect(sent.line).toBe(line);
    expect(sent.body).toEqual(body);
    expect(sent.authorization).toBe('Bearer jwt');
    expect(sent.app).toBe('PC');
  });
});

describe('custom methods: answers', () => {
  it('sends the payment-provider ids as strings with the business unit', async () => {
    answerEveryCall(server, { url: '/frames/payment-provider/billing?token=x', expiresAt: '2026-01-15T12:05:00Z' });
    const frame = await provider().getPaymentProviderUrl('billing', legacyPublisher({ id: 104 }));
    expect(frame.url).toBe('/frames/payment-provider/billing?token=x');
    const sent = await lastCall();
    expect(sent.line).toBe('POST /external/payment-provider-url/billing');
    expect(sent.body).toEqual({ publisherId: '104', businessUnitId: '7' });
  });

  it('downloads the slot export with the server\'s file name', async () => {
    answerEveryCall(server, null, {
      raw: 'id,name\r\n1,leaderboard\r\n',
      headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="slots-5001-20260115-120000.csv"' },
    });
    const file = await provider().exportSlotEmbedCodes(5001);
    expect(file.fileName).toBe('slots-5001-20260115-120000.csv');
    expect(await file.blob.text()).toBe('id,name\r\n1,leaderboard\r\n');
    const sent = await lastCall();
    expect(sent.line).toBe('GET /external/zones/5001/slots/embed-codes/export?fileType=CSV');
    expect(sent.authorization).toBe('Bearer jwt');
  });

  it('names the ledger export itself when the server does not', async () => {
    answerEveryCall(server, null, { raw: 'date,amount\r\n', headers: { 'Content-Type': 'text/csv' } });
    const file = await provider().exportPaymentLedger(101);
    expect(file.fileName).toBe('payment-ledger-101.csv');
    expect((await lastCall()).line).toBe('GET /external/publishers/101/payment-ledger/export?fileType=CSV');
  });

  it('rejects a refused export with the error body', async () => {
    server.use(http.get(`${TEST_API_BASE}/external/publishers/:id/payment-ledger/export`, () => apiError(403, 'FORBIDDEN')));
    await expect(provider().exportPaymentLedger(104)).rejects.toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });

  it('passes a signal through', async () => {
    server.use(
      http.get(`${TEST_API_BASE}/external/ads-txt`, async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    const controller = new AbortController();
    const pending = provider().getAdsTxt(101, [1], controller.signal);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
