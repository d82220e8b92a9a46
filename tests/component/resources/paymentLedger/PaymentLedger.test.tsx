// Previous payments: the ledger's paging and sort kept in the address, its table states, amounts in each row's
// currency, the earnings behind a row, the next payment and the CSV export.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PreviousPaymentsPage } from '../../../../src/custom-pages/payments/PaymentsPage';
import type { PaymentLedgerRecord } from '../../../../src/dataProvider/resources';
import { page, publisher } from '../../../support/builders';
import { apiError, apiUrl, http, HttpResponse, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';
import { advance, useFakeTimeouts } from '../../../support/time';
import type { Locale } from '../../../../src/i18n/locales';

const server = setupMsw();
const requests = recordRequests(server);

/** Rows newest first: one payment, then earnings, across two currencies to show each row's own. */
function ledger(count: number): PaymentLedgerRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2026, 0, 31) - i * 86_400_000).toISOString().slice(0, 10);
    return i === 0
      ? { id: 1000, date: day, description: 'Payment via ACH transfer (202511-0101)', descriptionKey: 'paymentAch', reference: '202511-0101', amount: -1234.5, currency: 'USD', kind: 'payment', month: '2025-11' }
      : { id: 1000 + i, date: day, description: `Earnings ${i}`, descriptionKey: null, reference: null, amount: 10 + i, currency: i === 1 ? 'JPY' : 'USD', kind: 'earnings', month: '2025-12' };
  });
}

const NEXT = {
  asOf: '2026-01-15',
  currency: 'USD',
  minimumBalance: 50,
  ledgerBalance: 80.25,
  unpostedEarnings: 7.5,
  balance: 87.75,
  status: 'SCHEDULED',
  payment: { date: '2026-01-30', amount: 80.25, months: ['2025-10', '2025-11'], estimated: false },
};

function serve(rows: PaymentLedgerRecord[], next: object = NEXT) {
  server.use(
    http.get(apiUrl('/external/publishers/:publisherId/payment-ledger'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const size = Number(query.get('size') ?? 20);
      const at = Number(query.get('page') ?? 0);
      const ordered = query.get('direction') === 'ASC' ? [...rows].reverse() : rows;
      return HttpResponse.json(page(ordered.slice(at * size, at * size + size), { page: at, size, totalElements: rows.length }));
    }),
    http.get(apiUrl('/external/publishers/:publisherId/payment-ledger/next-payment'), () => HttpResponse.json(next)),
    http.get(apiUrl('/external/publishers/:publisherId/payment-ledger/:entryId/earnings'), ({ params }) =>
      HttpResponse.json({
        entryId: Number(params.entryId),
        currency: 'USD',
        months: [
          { month: '2025-10', ledgerAmount: 40, reportRevenue: 39.5, complete: false, zones: [] },
          { month: '2025-11', ledgerAmount: 40.25, reportRevenue: 40.25, complete: true, zones: [{ zoneId: 1001, name: 'Atlas Homepage', revenue: 40.25 }] },
        ],
      }),
    ),
  );
}

async function open(path = '/payments/previous', locale: Locale = 'en') {
  signIn({ publisher: publisher() });
  return renderWithAdmin(<PreviousPaymentsPage />, { path, routePath: '/payments/previous', locale });
}

const table = () => screen.getByRole('table', { name: 'Payment ledger' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const ledgerQueries = () =>
  requests.map((r) => new URL(r.url)).filter((url) => url.pathname.endsWith('/payment-ledger')).map((url) => Object.fromEntries(url.searchParams));

describe('the ledger', () => {
  it('shows date, description, amount in the row’s currency and the UI language’s format', async () => {
    serve(ledger(3));
    await open();
    await screen.findByText('Payment via ACH transfer (202511-0101)');
    expect(bodyRows()[0]).toHaveTextContent('Jan 31, 2026Payment via ACH transfer (202511-0101)-$1,234.50');
    expect(bodyRows()[1]).toHaveTextContent('Earnings 1¥11');
    expect(ledgerQueries()[0]).toEqual({ page: '0', size: '20', direction: 'DESC' });
  });

  it('words the standard lines in the user’s language by their key, and shows a hand-written line as it is (issue 21)', async () => {
    serve(ledger(2));
    await open('/payments/previous', 'fr');
    await screen.findByText('Paiement par virement ACH (202511-0101)');
    expect(within(screen.getByRole('table', { name: 'Registre des paiements' })).getAllByRole('row')[2]).toHaveTextContent('Earnings 1');
    expect(screen.getByRole('button', { name: 'Revenus par zone : Paiement par virement ACH (202511-0101)' })).toBeInTheDocument();
  });

  it('pages through the server and keeps page and size in the address', async () => {
    serve(ledger(45));
    const { user, location } = await open();
    await screen.findByText('Earnings 19');
    await user.click(within(screen.getByRole('navigation', { name: 'Payment ledger pages' })).getByRole('button', { name: 'Go to page 2' }));
    await screen.findByText('Earnings 20');
    expect(location()).toBe('/payments/previous?page=2&size=20&sortBy=date&direction=DESC');
    expect(ledgerQueries().at(-1)).toEqual({ page: '1', size: '20', direction: 'DESC' });
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['10', '20', '50', '100']);
    await user.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(45));
    expect(location()).toBe('/payments/previous?page=1&size=50&sortBy=date&direction=DESC');
  });

  it('toggles the date order from the header, back to page 1', async () => {
    serve(ledger(25));
    const { user, location } = await open('/payments/previous?page=2');
    await screen.findByText('Earnings 24');
    const header = within(table()).getByRole('columnheader', { name: 'Date' });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(header).getByRole('button'));
    // Oldest first: the first page now starts with the oldest row.
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(bodyRows()[0]).toHaveTextContent('Earnings 24');
    expect(location()).toBe('/payments/previous?page=1&size=20&sortBy=date&direction=ASC');
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(ledgerQueries().at(-1)).toEqual({ page: '0', size: '20', direction: 'ASC' });
  });

  it('opens at the page, size and order of a bookmarked address', async () => {
    serve(ledger(25));
    await open('/payments/previous?page=2&size=10&sortBy=date&direction=ASC');
    await screen.findByText('Earnings 14');
    expect(ledgerQueries()).toEqual([{ page: '1', size: '10', direction: 'ASC' }]);
  });

  it('shows the last page instead of a bookmarked page past the end', async () => {
    serve(ledger(25));
    const { location } = await open('/payments/previous?page=5&size=10&sortBy=date&direction=DESC');
    expect(await screen.findByText('Earnings 24')).toBeInTheDocument();
    expect(location()).toBe('/payments/previous?page=3&size=10&sortBy=date&direction=DESC');
    expect(bodyRows()).toHaveLength(5);
  });

  it('says "No payments found" 500 ms after an empty answer', async () => {
    useFakeTimeouts();
    serve([]);
    await open();
    await waitFor(() => expect(ledgerQueries()).toHaveLength(1));
    await advance(499);
    expect(screen.queryByText('No payments found')).toBeNull();
    await advance(1);
    expect(await screen.findByText('No payments found')).toBeVisible();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    serve(ledger(2));
    server.use(http.get(apiUrl('/external/publishers/:publisherId/payment-ledger'), () => (fail ? apiError(403, 'FORBIDDEN') : HttpResponse.json(page(ledger(2))))));
    const { user } = await open();
    expect(await screen.findByText('The payment ledger could not be loaded.')).toBeInTheDocument();
    // The failure is the answer (shown in the table's place): nothing says an answer is coming.
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Earnings 1')).toBeInTheDocument();
  });

  it('opens a payment to the months and zones it pays', async () => {
    serve(ledger(3));
    const { user } = await open();
    const button = await screen.findByRole('button', { name: 'Earnings by zone: Payment via ACH transfer (202511-0101)' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const november = await screen.findByRole('region', { name: 'November 2025' });
    expect(november).toHaveTextContent('Posted: $40.25 · In reporting: $40.25');
    expect(within(november).getByRole('table', { name: 'Revenue by zone, November 2025' })).toHaveTextContent('Atlas Homepage (1001)$40.25');
    expect(screen.getByRole('region', { name: 'October 2025' })).toHaveTextContent('Reporting keeps the last 180 days');
    expect(requests.some((r) => new URL(r.url).pathname === '/external/publishers/101/payment-ledger/1000/earnings')).toBe(true);
    await user.click(button);
    expect(screen.queryByRole('region', { name: 'November 2025' })).toBeNull();
  });

  it('downloads the whole ledger as the server’s timestamped CSV', async () => {
    serve(ledger(2));
    server.use(
      http.get(apiUrl('/external/publishers/:publisherId/payment-ledger/export'), () =>
        new HttpResponse('Date,Description,Amount,Currency\r\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="payment-ledger-20260115-120000.csv"' },
        }),
      ),
    );
    URL.createObjectURL = vi.fn(() => 'blob:ledger');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toEqual(['payment-ledger-20260115-120000.csv']));
    const call = requests.find((r) => r.url.includes('/payment-ledger/export'))!;
    expect(new URL(call.url).search).toBe('?fileType=CSV');
    expect(call.headers.get('authorization')).toMatch(/^Bearer /);
  });
});

describe('next payment', () => {
  it('shows the balance and the date and amount of the next payment', async () => {
    serve(ledger(1));
    await open();
    const card = await screen.findByRole('region', { name: 'Next payment' });
    await within(card).findByText('$87.75');
    expect(card).toHaveTextContent('including $7.50 earned since the last statement');
    expect(card).toHaveTextContent('$80.25 on Jan 30, 2026');
    expect(card).toHaveTextContent('For the earnings of October 2025 – November 2025.');
  });

  it('says why none is due yet, in the publisher’s currency', async () => {
    serve(ledger(1), { ...NEXT, currency: 'JPY', minimumBalance: 10_000, balance: 9_000, ledgerBalance: 9_000, unpostedEarnings: 0, status: 'BELOW_MINIMUM', payment: null });
    await open();
    const card = await screen.findByRole('region', { name: 'Next payment' });
    await within(card).findByText('¥9,000');
    expect(card).toHaveTextContent('No payment is due yet: the balance is under the ¥10,000 minimum and is carried over until it reaches it.');
  });

  it('marks an estimate while the month is not over', async () => {
    serve(ledger(1), { ...NEXT, payment: { date: '2026-03-31', amount: 55, months: ['2026-01'], estimated: true } });
    await open();
    expect(await screen.findByText(/An estimate: January 2026 is not over yet./)).toBeInTheDocument();
  });
});
