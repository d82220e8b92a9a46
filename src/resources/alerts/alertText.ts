/**
 * How an alert is worded in the user's language (issue 23): the metric and its fall ('Revenue down 42.2%'), the
 * scope, the figures of its lowest day in the publisher's currency (impressions as counts), and what a cause put
 * at stake. One place, so the list, the alert page and the header say the same.
 */
import type { AlertCauseRecord, RevenueAlertRecord } from '../../dataProvider/resources';
import { formatDay, formatMoney } from '../../i18n/formats';
import type { Locale } from '../../i18n/locales';
import type { Translate } from '../../i18n/translate';

type Alert = Pick<RevenueAlertRecord, 'metric' | 'dropPercent' | 'day' | 'peakDay' | 'value' | 'baseline' | 'dropAmount' | 'currency' | 'zone'> &
  Partial<Pick<RevenueAlertRecord, 'adsTxt'>>;

export const percent = (value: number, locale: Locale) =>
  new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value / 100);

/** An alert's figure: money for revenue and RPM, a count for impressions. */
export function alertAmount(alert: Pick<Alert, 'metric' | 'currency'>, value: number, locale: Locale): string {
  return alert.metric === 'IMPRESSIONS' ? new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value) : formatMoney(value, alert.currency, locale);
}

/** 'Revenue down 42.2%'; for an ads.txt alert (issue 27), 'ads.txt of atlasnews.com: Missing lines'. */
export function alertHeadline(alert: Alert, translate: Translate, locale: Locale): string {
  if (alert.adsTxt) return adsTxtHeadline(alert.adsTxt, translate);
  return translate('alerts.headline', { metric: translate(`alerts.metric.${alert.metric}`), percent: percent(alert.dropPercent, locale) });
}

type AdsTxtAlert = NonNullable<RevenueAlertRecord['adsTxt']>;

/** 'ads.txt of atlasnews.com: Missing lines'. */
export function adsTxtHeadline(site: Pick<AdsTxtAlert, 'kind' | 'domain' | 'status'>, translate: Translate): string {
  return translate('alerts.adsTxt.headline', { file: site.kind, domain: site.domain, status: translate(`alerts.adsTxt.status.${site.status}`) });
}

/** 'Whole publisher' or 'Zone Atlas Homepage'. */
export function alertScope(alert: Alert, translate: Translate): string {
  return alert.zone ? translate('alerts.scope.zone', { name: alert.zone.name }) : translate('alerts.scope.publisher');
}

/** A sentence naming the alert, for the accessible names of its actions ('Revenue down 42.2% since Nov 22, 2026'). */
export function alertName(alert: Alert, translate: Translate, locale: Locale): string {
  return translate('alerts.name', { headline: alertHeadline(alert, translate, locale), day: formatDay(alert.day, locale), scope: alertScope(alert, translate) });
}

/** '$1,658.58 against a usual $2,868.58 ($1,210.00 less) on Nov 23, 2026'. */
export function alertFigures(alert: Alert, translate: Translate, locale: Locale): string {
  return translate('alerts.figures', {
    value: alertAmount(alert, alert.value, locale),
    baseline: alertAmount(alert, alert.baseline, locale),
    amount: alertAmount(alert, alert.dropAmount, locale),
    day: formatDay(alert.peakDay, locale),
  });
}

/** '$26,413.57 at stake over 30 days (37.4 % of the revenue)'; null when nothing was. */
export function causeStake(cause: AlertCauseRecord, currency: string, translate: Translate, locale: Locale): string | null {
  if (cause.effect === 'NONE' || cause.share === null) return null;
  return translate('alerts.atStake', { amount: formatMoney(cause.revenueAtStake, currency, locale), share: percent(cause.share * 100, locale) });
}
