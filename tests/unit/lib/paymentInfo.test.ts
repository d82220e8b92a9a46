import { describe, expect, it } from 'vitest';
import { BUSINESS_UNIT_IDS, LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID } from '../../../src/lib/businessUnits';
import { paymentInfoItems, paymentsPageRules } from '../../../src/lib/paymentInfo';
import type { Environment } from '../../../src/lib/publisherRules';

const ENVIRONMENTS: Environment[] = ['production', 'staging', 'development'];
const UNITS = [...Object.values(BUSINESS_UNIT_IDS), LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID];

describe('paymentInfoItems', () => {
  it('lists methods, net 60, the minimum and no invoicing for the US unit, without disclaimers', () => {
    expect(paymentInfoItems(BUSINESS_UNIT_IDS.US)).toEqual([
      { key: 'payments.info.methods' },
      { key: 'payments.info.netTerms' },
      { key: 'payments.info.minimum' },
      { key: 'payments.info.noInvoice' },
    ]);
  });

  it.each([BUSINESS_UNIT_IDS.UK, BUSINESS_UNIT_IDS.AUS, BUSINESS_UNIT_IDS.EU, BUSINESS_UNIT_IDS.CAN, LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID])(
    'gives two items the disclaimer outside the US (unit %i)',
    (unit) => {
      const items = paymentInfoItems(unit);
      expect(items.map((item) => item.key)).toEqual(paymentInfoItems(BUSINESS_UNIT_IDS.US).map((item) => item.key));
      expect(items.filter((item) => item.disclaimerKey)).toEqual([
        { key: 'payments.info.methods', disclaimerKey: 'payments.info.methodsDisclaimer' },
        { key: 'payments.info.minimum', disclaimerKey: 'payments.info.minimumDisclaimer' },
      ]);
    },
  );

  it('gives the Japanese unit bank transfer and the 10,000 yen minimum instead', () => {
    expect(paymentInfoItems(BUSINESS_UNIT_IDS.JAP)).toEqual([
      { key: 'payments.info.japan.bankTransfer' },
      { key: 'payments.info.netTerms' },
      { key: 'payments.info.japan.minimum' },
      { key: 'payments.info.noInvoice' },
    ]);
  });
});

describe('paymentsPageRules', () => {
  it.each(ENVIRONMENTS.flatMap((environment) => UNITS.map((unit) => [environment, unit] as const)))('%s, unit %i', (environment, unit) => {
    const rules = paymentsPageRules(environment, unit);
    expect(rules.showProviderFrame).toBe(environment === 'production');
    expect(rules.showSwitch).toBe(environment === 'production' && unit !== LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID);
    // The important info is always shown.
    expect(rules.info).toEqual(paymentInfoItems(unit));
    expect(rules.info).toHaveLength(4);
  });
});
