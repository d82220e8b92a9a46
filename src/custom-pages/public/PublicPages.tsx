/**
 * The public page for a public path, used by the light shell (main.tsx) and by the admin app's routes.
 * Its forms keep the light kit (checkedField.tsx, FormFields.tsx), not react-admin's Form: /login's script budget (issue 31).
 */
import type { ComponentType } from 'react';
import { ExternalLoginPage } from '../external-login/ExternalLoginPage';
import { ForgotPasswordPage } from '../forgot/ForgotPasswordPage';
import { InvitationPage } from '../invitation/InvitationPage';
import { LoginPage } from '../login/LoginPage';
import { ResetPasswordPage } from '../reset/ResetPasswordPage';
import { UnsubscribePage } from '../unsubscribe/UnsubscribePage';
import type { PublicPath } from './navigation';
import { paths } from '../../routes';

const PAGES: Record<PublicPath, ComponentType> = {
  [paths.login]: LoginPage,
  [paths.forgot]: ForgotPasswordPage,
  [paths.reset]: ResetPasswordPage,
  [paths.externalLogin]: ExternalLoginPage,
  [paths.unsubscribe]: UnsubscribePage,
  [paths.invitation]: InvitationPage,
};

export function PublicPage({ path }: { path: PublicPath }) {
  const Page = PAGES[path];
  return <Page />;
}
