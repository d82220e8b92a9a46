/**
 * The payment ledger resource (spec section 2 'Payments', /payments/previous): the paged ledger with its CSV
 * export, a row's earnings, and the next-payment forecast above it. The payments pages (custom-pages/payments)
 * mount it; other features import this folder only through this file.
 */
export { PaymentLedger, LedgerExportButton } from './PaymentLedger';
export { NextPayment } from './NextPayment';
