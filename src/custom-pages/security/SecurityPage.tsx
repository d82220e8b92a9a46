/**
 * /account-settings/security (issue 22): the signed-in user's two-factor sign-in (turn it on with the QR code
 * drawn in the browser and a first code, see the recovery codes once, turn it off with a code or the password)
 * and the active sessions (end one, or sign out everywhere else). The user's own, whatever publisher is chosen:
 * for every role, network staff and the legacy just-premium product included, as the password update is.
 */
import { PageLayout } from '../../components/PageLayout';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';

export function SecurityPage() {
  return (
    <PageLayout titleKey="security.title">
      <TwoFactorSection />
      <SessionsSection />
    </PageLayout>
  );
}
