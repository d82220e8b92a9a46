// Payments: the payment ledger ('previous payments', its CSV export) and the payment provider's frame address.
import { assertFullProduct, publisherFor } from '../../auth/access';
import { badRequest, notFound } from '../../http/errors';
import type { Handlers } from '../../http/handlers';
import { sendCsv } from '../../http/csv';
import { limitOffset, pageOf, pageRequest } from '../../http/paging';
import type { components } from '../../../../openapi/portal';
import { MAX_ID } from '../../../../src/lib/limits';

type PaymentLedgerRow = components['schemas']['PaymentLedgerRow'];
type Direction = components['schemas']['Direction'];

const LEDGER_COLUMNS = `id, date, description, description_key AS "descriptionKey", reference, amount, currency, kind, to_char(month, 'YYYY-MM') AS month`;

/** Newest first unless asked otherwise; id breaks ties so pages never overlap. */
const ledgerOrder = (direction: Direction = 'DESC') => (direction === 'ASC' ? 'date ASC, id ASC' : 'date DESC, id DESC');

export const paymentHandlers: Handlers = {
  async listPaymentLedger({ db, principal, params, query }) {
    // Previous payments are not available to legacy just-premium publishers (spec sections 2 and 6).
    assertFullProduct(await publisherFor(db, principal, params.publisherId));
    const request = pageRequest(query);
    const [limit, offset] = limitOffset(request);
    const count = await db.one<{ total: number }>('SELECT count(*)::int AS total FROM payment_ledger WHERE publisher_id = $1', [
      params.publisherId,
    ]);
    const rows = await db.query<PaymentLedgerRow>(
      `SELECT ${LEDGER_COLUMNS} FROM payment_ledger WHERE publisher_id = $1
        ORDER BY ${ledgerOrder(query.direction)} LIMIT $2 OFFSET $3`,
      [params.publisherId, limit, offset],
    );
    return pageOf(rows, count?.total ?? 0, request);
  },

  async exportPaymentLedger({ db, principal, params, query, reply }) {
    assertFullProduct(await publisherFor(db, principal, params.publisherId));
    const rows = await db.query<PaymentLedgerRow>(
      `SELECT ${LEDGER_COLUMNS} FROM payment_ledger WHERE publisher_id = $1 ORDER BY ${ledgerOrder(query.direction)}`,
      [params.publisherId],
    );
    return sendCsv(
      reply,
      'payment-ledger',
      ['Date', 'Description', 'Amount', 'Currency'],
      rows.map((row) => [row.date, row.description, row.amount, row.currency]),
    );
  },

  async getPaymentProviderUrl({ db, principal, frames, params, body }) {
    // The body carries ids as strings (spec); an id beyond the id range cannot exist.
    const publisherId = Number(body.publisherId);
    if (publisherId > MAX_ID) throw notFound('Publisher not found');
    const publisher = await publisherFor(db, principal, publisherId);
    if (Number(body.businessUnitId) !== publisher.businessUnitId) {
      throw badRequest('The business unit is not the publisher’s', [
        { field: '/body/businessUnitId', message: 'is not the business unit of the publisher', value: body.businessUnitId },
      ]);
    }
    const { token, expiresAt } = frames.sign({ kind: 'payment-provider', target: params.reportType, publisherId, userId: principal.id });
    return { url: `/frames/payment-provider/${params.reportType}?token=${encodeURIComponent(token)}`, expiresAt };
  },
};
