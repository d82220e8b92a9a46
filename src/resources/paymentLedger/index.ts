/**
 * The payment ledger resource (spec section 2 'Payments', /payments/previous): the paged ledger with its CSV
 * export, a row's earnings, and the next-payment forecast above it. The payments pages (custom-pages/payments)
 * mount it, and App.tsx mounts their PreviousPaymentsPage as the <Resource> of /payments/previous (that page shares
 * the payments layout, so it stays there; the ledger reads the data provider's 'paymentLedger' resource by name).
 * Other features import this folder only through this file.
 */
export { PaymentLedger, LedgerExportButton } from './PaymentLedger';
export { NextPayment } from './NextPayment';
