/**
 * "Check now" (issue 27): crawls the site at once (the custom method checkAdsTxtSite) and refetches the monitor's
 * reads, so the page shows the status the server answered. Checking too often (429 TOO_MANY_CHECKS) says when the
 * user may check again, from the answer's Retry-After.
 */
import { keyByErrorCode } from '../../dataProvider/client';
import type { AdsTxtSiteRecord } from '../../dataProvider/resources';
import { useSession } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { useWrite } from '../../notices/useWrite';

const tooMany = keyByErrorCode({ TOO_MANY_CHECKS: 'adsTxtMonitor.check.tooMany' });

/** The seconds to wait the refusal carries (customMethods.ts), 30 (the per-site pause) when it names none. */
export function retryAfterOf(error: unknown): number {
  const body = (error as { body?: { retryAfter?: unknown } } | null)?.body;
  return typeof body?.retryAfter === 'number' && body.retryAfter > 0 ? body.retryAfter : 30;
}

export function useCheckNow() {
  const { locale } = useI18n();
  const publisherId = useSession().publisher?.id ?? 0;
  return useWrite('checkAdsTxtSite', {
    mutationFn: (site: AdsTxtSiteRecord, dataProvider) => dataProvider.checkAdsTxtSite(publisherId, site.id),
    invalidate: ['adsTxtSites', 'failingAdsTxtSites'],
    values: (site) => ({ domain: site.domain }),
    failureKey: tooMany,
    failureValues: (error) => {
      if (tooMany(error) === undefined) return undefined;
      const seconds = retryAfterOf(error);
      const time = new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(new Date(Date.now() + seconds * 1000));
      return { smart_count: seconds, time };
    },
  });
}
