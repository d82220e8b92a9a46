// The payments and billing pages: the payment provider's frame in production only (810 and 1200 px), the
// 'payments not available' notice elsewhere, the switch button, and the important info per business unit.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { BillingPage } from '../../../../src/custom-pages/payments/BillingPage';
import { PaymentsPage } from '../../../../src/custom-pages/payments/PaymentsPage';
import type { Publisher } from '../../../../src/dataProvider/session';
import { legacyPublisher, publisher, TEST_API_BASE } from '../../../support/builders';
import { apiError, apiUrl, http, HttpResponse, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';

const server = setupMsw();
const requests = recordRequests(server);

function provider(answer: () => Response = () => HttpResponse.json({ url: '/frames/payment-provider/payments?token=t', expiresAt: '2026-01-15T12:05:00Z' })) {
  server.use(http.post(apiUrl('/external/payment-provider-url/:reportType'), answer));
}

async function openPayments(who: Publisher, environment: 'production' | 'staging' | 'development') {
  provider();
  signIn({ publisher: who });
  return renderWithAdmin(<PaymentsPage />, { path: '/payments', config: { environment, paymentsEnabled: environment === 'production' } });
}

const infoItems = () => within(screen.getByRole('region', { name: 'Important information' })).getAllByRole('listitem').map((item) => item.textContent);

describe('/payments', () => {
  it('in production: the provider’s page in an 810 px frame and the button to previous payments', async () => {
    await openPayments(publisher(), 'production');
    const frame = await screen.findByTitle('Payment provider');
    expect(frame).toHaveAttribute('src', `${TEST_API_BASE}/frames/payment-provider/payments?token=t`);
    expect(frame.parentElement).toHaveStyle({ height: '810px' });
    expect(screen.getByRole('link', { name: 'Previous payments' })).toHaveAttribute('href', '/payments/previous');
    // The switch is the way there in production: no second link.
    expect(screen.queryByRole('link', { name: 'See your previous payments and the next one' })).toBeNull();
    const [call] = requests;
    expect(new URL(call!.url).pathname).toBe('/external/payment-provider-url/payments');
    expect(await call!.clone().json()).toEqual({ publisherId: '101', businessUnitId: '1' });
  });

  it.each(['staging', 'development'] as const)('in %s: the notice, no frame, no call and no switch button, but a plain link to the ledger (issue 21)', async (environment) => {
    await openPayments(publisher(), environment);
    expect(await screen.findByText('Payments are not available in this environment.')).toBeInTheDocument();
    expect(screen.queryByTitle('Payment provider')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Previous payments' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See your previous payments and the next one' })).toHaveAttribute('href', '/payments/previous');
    expect(requests).toHaveLength(0);
  });

  it('gives a legacy just-premium publisher no link to the ledger it may not open, outside production either', async () => {
    await openPayments(legacyPublisher(), 'development');
    expect(await screen.findByText('Payments are not available in this environment.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /previous payments/ })).toBeNull();
  });

  it('says "Loading reporting" until the provider’s address arrives, with no frame yet', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(apiUrl('/external/payment-provider-url/:reportType'), async () => {
        await released;
        return HttpResponse.json({ url: '/frames/payment-provider/payments?token=t', expiresAt: '2026-01-15T12:05:00Z' });
      }),
    );
    signIn({ publisher: publisher() });
    await renderWithAdmin(<PaymentsPage />, { path: '/payments', config: { environment: 'production', paymentsEnabled: true } });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading reporting');
    expect(screen.queryByTitle('Payment provider')).toBeNull();
    release();
    expect(await screen.findByTitle('Payment provider')).toBeInTheDocument();
  });

  it('gives a legacy just-premium publisher no switch button, in production too', async () => {
    await openPayments(legacyPublisher(), 'production');
    await screen.findByTitle('Payment provider');
    expect(screen.queryByRole('link', { name: 'Previous payments' })).toBeNull();
  });

  it('shows the apology with a retry when the provider’s address cannot be had', async () => {
    let fail = true;
    server.use(
      http.post(apiUrl('/external/payment-provider-url/:reportType'), () =>
        fail ? apiError(503, 'UNAVAILABLE') : HttpResponse.json({ url: '/frames/payment-provider/payments?token=t', expiresAt: '2026-01-15T12:05:00Z' }),
      ),
    );
    signIn({ publisher: publisher() });
    const page = await renderWithAdmin(<PaymentsPage />, { path: '/payments', config: { environment: 'production', paymentsEnabled: true } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The payment provider’s page will be up shortly.');
    fail = false;
    await page.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTitle('Payment provider')).toBeInTheDocument();
  });
});

describe('the important info', () => {
  it('is always shown; for the US without disclaimers', async () => {
    await openPayments(publisher(), 'development');
    await screen.findByText('Payments are not available in this environment.');
    expect(infoItems()).toEqual([
      'Payments are made by check, PayPal or ACH.',
      'Payments are made net 60 days: a month’s earnings are paid 60 days after the month ends.',
      'A minimum balance of $50 (or the equivalent) is needed before a payment is made.',
      'No invoicing is needed.',
    ]);
  });

  it('carries the two disclaimers outside the US', async () => {
    await openPayments(publisher({ businessUnit: { id: 2, name: 'United Kingdom' } }), 'development');
    await screen.findByText('Payments are not available in this environment.');
    expect(infoItems()).toEqual([
      'Payments are made by check, PayPal or ACH.Which of them you can choose depends on your country.',
      'Payments are made net 60 days: a month’s earnings are paid 60 days after the month ends.',
      'A minimum balance of $50 (or the equivalent) is needed before a payment is made.In another currency, the equivalent of $50 at the exchange rate of the payment day.',
      'No invoicing is needed.',
    ]);
  });

  it('has the Japanese unit’s own text', async () => {
    await openPayments(publisher({ businessUnit: { id: 5, name: 'Japan' } }), 'development');
    await screen.findByText('Payments are not available in this environment.');
    expect(infoItems()).toContain('Payments are made by bank transfer.');
    expect(infoItems()).toContain('The minimum payment is 10,000 yen; smaller amounts are carried over to the next month.');
  });
});

describe('/account-settings/billing', () => {
  it('in production: "Loading reporting" until the address arrives, then the billing page in a 1200 px frame', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(apiUrl('/external/payment-provider-url/:reportType'), async () => {
        await released;
        return HttpResponse.json({ url: '/frames/payment-provider/billing?token=b', expiresAt: '2026-01-15T12:05:00Z' });
      }),
    );
    signIn({ publisher: legacyPublisher() });
    await renderWithAdmin(<BillingPage />, { path: '/account-settings/billing', config: { environment: 'production', paymentsEnabled: true } });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading reporting');
    release();
    const frame = await screen.findByTitle('Billing at the payment provider');
    expect(frame).toHaveAttribute('src', `${TEST_API_BASE}/frames/payment-provider/billing?token=b`);
    expect(frame.parentElement).toHaveStyle({ height: '1200px' });
    await waitFor(() => expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/external/payment-provider-url/billing']));
    expect(await requests[0]!.clone().json()).toEqual({ publisherId: '104', businessUnitId: '7' });
  });

  it('in production: the apology with a retry when the billing page’s address cannot be had', async () => {
    let fail = true;
    server.use(
      http.post(apiUrl('/external/payment-provider-url/:reportType'), () =>
        fail ? apiError(500, 'INTERNAL') : HttpResponse.json({ url: '/frames/payment-provider/billing?token=b', expiresAt: '2026-01-15T12:05:00Z' }),
      ),
    );
    signIn({ publisher: publisher() });
    const page = await renderWithAdmin(<BillingPage />, { path: '/account-settings/billing', config: { environment: 'production', paymentsEnabled: true } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The payment provider’s page will be up shortly.');
    expect(screen.queryByTitle('Billing at the payment provider')).toBeNull();
    fail = false;
    await page.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTitle('Billing at the payment provider')).toHaveAttribute('src', `${TEST_API_BASE}/frames/payment-provider/billing?token=b`);
  });

  it('elsewhere: the notice', async () => {
    signIn({ publisher: publisher() });
    await renderWithAdmin(<BillingPage />, { path: '/account-settings/billing', config: { environment: 'staging', paymentsEnabled: false } });
    expect(await screen.findByText('Payments are not available in this environment.')).toBeInTheDocument();
    expect(screen.queryByTitle('Billing at the payment provider')).toBeNull();
  });
});
