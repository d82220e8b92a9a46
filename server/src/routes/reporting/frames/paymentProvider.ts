// The stand-in payment provider's page: who gets paid and how, the balance, and the recent payment history.
import type { Queryable } from '../../../db/db';
import { formatAmount, html, notice, page, table, type SafeHtml } from './html';

export type PaymentProviderPage = 'billing' | 'payments';

const TITLES: Record<PaymentProviderPage, string> = { billing: 'Billing', payments: 'Payments' };
const HISTORY_ROWS = 50;

interface Payee {
  publisherName: string;
  businessUnit: string;
  payeeName: string | null;
  paymentMethod: string | null;
}

export async function renderPaymentProvider(db: Queryable, type: PaymentProviderPage, publisherId: number): Promise<SafeHtml | null> {
  const payee = await db.one<Payee>(
    `SELECT p.name AS "publisherName", bu.name AS "businessUnit", p.payee_name AS "payeeName", p.payment_method AS "paymentMethod"
       FROM publishers p JOIN business_units bu ON bu.id = p.business_unit_id WHERE p.id = $1`,
    [publisherId],
  );
  if (!payee) return null;
  const history = await db.query<{ date: string; description: string; amount: number; currency: string }>(
    `SELECT date, description, amount, currency FROM payment_ledger WHERE publisher_id = $1 ORDER BY date DESC, id DESC LIMIT ${HISTORY_ROWS}`,
    [publisherId],
  );
  const balances = await db.query<{ currency: string; balance: number }>(
    'SELECT currency, sum(amount)::numeric AS balance FROM payment_ledger WHERE publisher_id = $1 GROUP BY currency ORDER BY currency',
    [publisherId],
  );

  const details = html`<h2>Payee details</h2>
<dl class="details">
  <dt>Publisher</dt><dd>${payee.publisherName}</dd>
  <dt>Business unit</dt><dd>${payee.businessUnit}</dd>
  <dt>Payee</dt><dd>${payee.payeeName ?? payee.publisherName}</dd>
  <dt>Payment method</dt><dd>${payee.paymentMethod ?? 'Not set'}</dd>
  ${balances.map((b) => html`<dt>Balance (${b.currency})</dt><dd>${formatAmount(b.balance)}</dd>`)}
</dl>`;
  const payments = history.length
    ? table(
        `Latest ${HISTORY_ROWS} entries, newest first`,
        [{ label: 'Date' }, { label: 'Description' }, { label: 'Amount', numeric: true }, { label: 'Currency' }],
        history.map((row) => [row.date, row.description, formatAmount(row.amount), row.currency]),
      )
    : notice('No payments yet.');
  const sections = type === 'billing' ? [details, html`<h2>Payment history</h2>`, payments] : [html`<h2>Payment history</h2>`, payments, details];
  return page(TITLES[type], payee.publisherName, sections);
}
