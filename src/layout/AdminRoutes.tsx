/** Small route elements of the admin app: the root and account-settings redirects, and the not-found page. */
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link, Navigate } from 'react-router-dom';
import { subjectFromSession } from '../dataProvider/canAccess';
import { useSession } from '../dataProvider/session';
import { useI18n } from '../i18n/I18nContext';
import { sectionTarget, visibleMenu } from './menuEntries';
import { PageLayout } from '../components/PageLayout';
import { paths } from '../routes';

/** '/': the reporting home once a publisher is chosen, else the chooser (spec section 2). */
export function RootRedirect() {
  const { publisher } = useSession();
  return <Navigate to={publisher ? paths.reporting() : paths.browse} replace />;
}

/** '/account-settings': its first page this publisher may open. */
export function AccountSettingsRedirect() {
  const section = visibleMenu(subjectFromSession(useSession())).find((entry) => entry.to === paths.accountSettings);
  return section ? <Navigate to={sectionTarget(section)} replace /> : null;
}

export function NotFoundPage() {
  const { translate } = useI18n();
  return (
    <PageLayout titleKey="ra.page.not_found">
      <Typography>{translate('ra.message.not_found')}</Typography>
      <div>
        <Button component={Link} to={paths.reporting()} variant="contained">
          {translate('menu.home')}
        </Button>
      </div>
    </PageLayout>
  );
}
