/**
 * How the ads.txt monitor says a site's state (issue 27): the status in words and its colour, the revenue at stake
 * as a figure, the crawl times. Pure helpers over the translate function, shared by the lists and the site's page.
 */
import type { AdsTxtSiteRecord, AdsTxtSiteStatus } from '../../dataProvider/resources';
import { formatMoment } from '../../i18n/formats';
import type { Locale } from '../../i18n/locales';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The chip's colour: green when authorised, grey while not crawled, red when nothing is read, amber otherwise. */
export const STATUS_COLOR: Record<AdsTxtSiteStatus, 'success' | 'default' | 'error' | 'warning'> = {
  AUTHORISED: 'success',
  NOT_CRAWLED: 'default',
  MISSING_LINES: 'warning',
  WRONG_LINES: 'warning',
  NO_FILE: 'error',
  NOT_TEXT: 'error',
  UNREACHABLE: 'error',
};

export function statusName(status: AdsTxtSiteStatus, translate: Translate): string {
  return translate(`adsTxtMonitor.status.${status}`);
}

/** What the status means for this site, in a sentence (an unreachable site says since when it has no good file). */
export function statusExplanation(site: AdsTxtSiteRecord, translate: Translate, locale: Locale): string {
  if (site.status === 'UNREACHABLE' && site.lastGoodFileAt) {
    return translate('adsTxtMonitor.explain.UNREACHABLE_SINCE', { file: fileName(site), since: formatMoment(site.lastGoodFileAt, locale) });
  }
  return translate(`adsTxtMonitor.explain.${site.status}`, { file: fileName(site) });
}

/** The file the monitor reads on the site: ads.txt, or app-ads.txt for an app's developer website. */
export function fileName(site: Pick<AdsTxtSiteRecord, 'kind'>): string {
  return site.kind;
}

export function formatStake(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

export function lastCrawl(site: AdsTxtSiteRecord, translate: Translate, locale: Locale): string {
  return site.lastCrawlAt ? formatMoment(site.lastCrawlAt, locale) : translate('adsTxtMonitor.never');
}
