/**
 * The one-line ads.txt summary of the console's home (issue 27 item 4): when sites of the selected publisher fail
 * (missing or wrong lines, no file, not a text file, unreachable), how many, with a link to the monitor filtered to
 * them. One small read: the monitor's list with the failing statuses and a page of one, of which only the total is
 * used. Nothing when all is well, the read fails, or the role may not open the monitor.
 */
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useGetList } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { canAccess, subjectFromSession } from '../../dataProvider/canAccess';
import type { AdsTxtSiteRecord } from '../../dataProvider/resources';
import { useSession } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { paths } from '../../routes';

const FAILING = { status: 'failing' };
const ONE = { page: 1, perPage: 1 };
const SUMMARY_META = { summaries: true };

export function AdsTxtSummary() {
  const { translate } = useI18n();
  const state = useSession();
  const mayOpen = canAccess(subjectFromSession(state), 'account-settings.ads-txt-monitor');
  const failing = useGetList<AdsTxtSiteRecord>('adsTxtSites', { pagination: ONE, filter: FAILING, meta: SUMMARY_META }, { enabled: mayOpen && state.publisher !== null });
  const total = failing.data ? failing.total ?? 0 : 0;
  if (!mayOpen || total === 0) return null;
  return (
    // A note, not an alert: it is no news of this moment, so it is not announced over what the page says first.
    <Alert severity="warning" role="note" sx={{ py: 0, alignItems: 'center' }}>
      {translate('adsTxtMonitor.summary.failing', { smart_count: total })}{' '}
      <Link component={RouterLink} to={`${paths.adsTxtMonitor}?status=failing`} underline="always" color="inherit" sx={{ fontWeight: 600 }}>
        {translate('adsTxtMonitor.summary.open')}
      </Link>
    </Alert>
  );
}
