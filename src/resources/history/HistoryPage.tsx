/**
 * /account-settings/history (issue 12, designed: the spec has no change history): every change made to the
 * selected publisher's account, by whom and when, with undo. The list itself is shared with the zone's History
 * tab (HistoryList). Not for legacy just-premium publishers, whose account settings the spec limits to
 * billing, password update and ads.txt: the route guard hides it, the server refuses it.
 */
import Typography from '@mui/material/Typography';
import { HistoryList } from './HistoryList';
import { useI18n } from '../../i18n/I18nContext';
import { PageLayout } from '../../components/PageLayout';

export function HistoryPage() {
  const { translate } = useI18n();
  return (
    <PageLayout titleKey="history.title">
      <Typography>{translate('history.intro')}</Typography>
      <HistoryList />
    </PageLayout>
  );
}
