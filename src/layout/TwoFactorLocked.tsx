/**
 * The page of a member whose team now requires two-factor sign-in they do not have (issue 30): it names the
 * publisher and the way on (the security page), in place of pages whose every call the server refuses. The menu
 * meanwhile shows only the member's own account pages (PortalLayout). The refusal notices of the calls that found
 * the requirement are taken away: this page says it once.
 */
import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { PageLayout } from '../components/PageLayout';
import { useI18n } from '../i18n/I18nContext';
import { useNotices } from '../notices/NoticesProvider';
import { paths } from '../routes';

export function TwoFactorLocked({ publisher }: { publisher: string }) {
  const { translate } = useI18n();
  const notices = useNotices();
  useEffect(() => notices.clear(), [notices]);
  return (
    <PageLayout titleKey="membership.locked.title" titleValues={{ publisher }}>
      <Typography>{translate('membership.locked.body', { publisher })}</Typography>
      <div>
        <Button component={Link} to={paths.security} variant="contained">
          {translate('membership.locked.setUp')}
        </Button>
      </div>
    </PageLayout>
  );
}

/** Above the member's own account pages while locked: why the rest of the menu is gone. */
export function TwoFactorLockedBanner({ publisher }: { publisher: string }) {
  const { translate } = useI18n();
  const notices = useNotices();
  useEffect(() => notices.clear(), [notices]);
  return (
    <Alert severity="warning" sx={{ mt: 3 }}>
      {translate('membership.locked.body', { publisher })}
    </Alert>
  );
}
