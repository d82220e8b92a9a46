/**
 * What the payments pages show (spec section 2 'Payments', 'Account settings / Billing', section 9 payment info
 * text), by environment and business unit. Message keys (payments.*):
 * - info.methods, info.netTerms, info.minimum, info.noInvoice: the 'important info' list;
 *   info.methodsDisclaimer and info.minimumDisclaimer: the extra disclaimer two items carry outside the US unit.
 * - info.japan.bankTransfer, info.japan.minimum: the Japanese unit's text (bank transfer; 10,000 yen minimum,
 *   smaller amounts carried over), in place of the methods and minimum items.
 *
 * Choices where the spec is open:
 * - The two items with the disclaimer are the payment methods (which ones a country offers) and the $50 minimum
 *   (the equivalent in another currency). The Japanese unit's own items replace exactly those two, so they carry
 *   none.
 * - The payment-provider frames (payments, billing) only in production; elsewhere the 'payments not available'
 *   notice. The switch button between /payments and /payments/previous in production only, for non-legacy
 *   publishers (legacy just-premium publishers cannot open previous payments).
 */
import { BUSINESS_UNIT_IDS, LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID } from './businessUnits';
import type { Environment } from './publisherRules';

export interface PaymentInfoItem {
  key: string;
  disclaimerKey?: string;
}

export function paymentInfoItems(businessUnitId: number): PaymentInfoItem[] {
  if (businessUnitId === BUSINESS_UNIT_IDS.JAP) {
    return [
      { key: 'payments.info.japan.bankTransfer' },
      { key: 'payments.info.netTerms' },
      { key: 'payments.info.japan.minimum' },
      { key: 'payments.info.noInvoice' },
    ];
  }
  const outsideUs = businessUnitId !== BUSINESS_UNIT_IDS.US;
  return [
    { key: 'payments.info.methods', ...(outsideUs && { disclaimerKey: 'payments.info.methodsDisclaimer' }) },
    { key: 'payments.info.netTerms' },
    { key: 'payments.info.minimum', ...(outsideUs && { disclaimerKey: 'payments.info.minimumDisclaimer' }) },
    { key: 'payments.info.noInvoice' },
  ];
}

export interface PaymentsPageRules {
  /** The payment provider's frame (payments and billing pages); otherwise the 'payments not available' notice. */
  showProviderFrame: boolean;
  /** The button between /payments and /payments/previous. */
  showSwitch: boolean;
  info: PaymentInfoItem[];
}

export function paymentsPageRules(environment: Environment, businessUnitId: number): PaymentsPageRules {
  const production = environment === 'production';
  return {
    showProviderFrame: production,
    showSwitch: production && businessUnitId !== LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID,
    info: paymentInfoItems(businessUnitId),
  };
}
