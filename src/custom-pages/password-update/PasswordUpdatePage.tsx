/**
 * /account-settings/password-update (spec sections 2, 4 'Session', 5, 6, 8): the signed-in user changes their own
 * password. Internal staff acting for a publisher cannot set that publisher's password (spec section 6): they
 * see how to guide the client to the forgot-password flow instead of the form (the server refuses the change
 * too). Open to legacy just-premium publishers.
 */
import { useSession } from '../../dataProvider/session';
import { PageLayout } from '../../components/PageLayout';
import { PasswordUpdateForm } from './PasswordUpdateForm';
import { StaffPasswordGuidance } from './StaffPasswordGuidance';

export function PasswordUpdatePage() {
  const { token, publisher } = useSession();
  return (
    <PageLayout titleKey="accountSettings.passwordUpdate">
      {token?.isInternal ? (
        <StaffPasswordGuidance publisherName={publisher?.name ?? ''} />
      ) : (
        <PasswordUpdateForm email={token?.user.email ?? ''} />
      )}
    </PageLayout>
  );
}
