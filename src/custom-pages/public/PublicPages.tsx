/**
 * The public page for a public path, used by the light shell (main.tsx) and by the admin app's routes.
 */
import { ExternalLoginPage } from '../external-login/ExternalLoginPage';
import { ForgotPasswordPage } from '../forgot/ForgotPasswordPage';
import { InvitationPage } from '../invitation/InvitationPage';
import { LoginPage } from '../login/LoginPage';
import { ResetPasswordPage } from '../reset/ResetPasswordPage';
import { UnsubscribePage } from '../unsubscribe/UnsubscribePage';
import type { PublicPath } from './navigation';
import { paths } from '../../routes';

export function PublicPage({ path }: { path: PublicPath }) {
  switch (path) {
    case paths.login:
      return <LoginPage />;
    case paths.forgot:
      return <ForgotPasswordPage />;
    case paths.reset:
      return <ResetPasswordPage />;
    case paths.externalLogin:
      return <ExternalLoginPage />;
    case paths.unsubscribe:
      return <UnsubscribePage />;
    case paths.invitation:
      return <InvitationPage />;
  }
}
