// The payments area: the payment ledger and its export, the next payment, a payment's earnings, and the address
// of the payment provider's frame (the frame page itself: reporting/frames/, with the other stand-in pages).
import type { Handlers } from '../../http/handlers';
import { paymentEarningsHandlers } from './paymentEarnings';
import { paymentHandlers } from './payments';

export const paymentsArea: Handlers = {
  ...paymentEarningsHandlers,
  ...paymentHandlers,
};
