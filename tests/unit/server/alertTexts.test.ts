// The Spanish alert texts agree with every metric (issue 30): 'RPM ... bajan' was plural for a singular metric.
import { describe, expect, it } from 'vitest';
import { ALERT_MAIL_TEXT, fill } from '../../../server/src/mail/alertTexts';
import { spanishMessages } from '../../../src/i18n/es';

describe('Spanish alert wording', () => {
  it.each(['REVENUE', 'IMPRESSIONS', 'RPM'] as const)('words a fall of %s without a verb that must agree with it', (metric) => {
    const text = ALERT_MAIL_TEXT.es;
    const line = fill(text.alertLine, { metric: text.metric[metric], scope: text.wholePublisher, percent: '42,2 %', day: '22 nov 2026', value: '1 $', baseline: '2 $' });
    expect(line).toBe(`${text.metric[metric]} de todo el editor: un 42,2 % menos desde el 22 nov 2026 (1 $ frente a los 2 $ habituales)`);
    expect(spanishMessages.alerts.headline.replace('%{metric}', spanishMessages.alerts.metric[metric]).replace('%{percent}', '42,2 %')).toBe(
      `${spanishMessages.alerts.metric[metric]}: un 42,2 % menos`,
    );
  });
});
