/**
 * /account-settings/team (issue 22): who works for the selected publisher and with what role. Every member may
 * read the list (whom to ask for a change); admins (and network staff) invite by e-mail, change roles, remove
 * members, revoke invitations and require two-factor sign-in; staff also reset a member's second factor. What a
 * role may do is the role table's (src/lib/roles.ts) through canAccess; the server refuses the rest anyway.
 * Not for the legacy just-premium product (the route guard and the server's 403).
 */
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { PageLayout } from '../../components/PageLayout';
import { useMayCall } from '../../dataProvider/useMayCall';
import { useSession } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { InvitationList } from './InvitationList';
import { MemberList } from './MemberList';
import { TwoFactorRequirement } from './TwoFactorRequirement';

export function TeamPage() {
  const { translate } = useI18n();
  const { publisher, token } = useSession();
  const canEdit = useMayCall('updateMember');
  const canInvite = useMayCall('createInvitation');
  if (publisher === null || token === null) return null;
  const role = token.isInternal ? translate('roles.staff') : publisher.role ? translate(`roles.${publisher.role}`) : null;
  return (
    <PageLayout titleKey="team.title">
      <Typography>{translate('team.intro', { publisher: publisher.name })}</Typography>
      {role && <Typography color="text.secondary">{translate('team.yourRole', { role })}</Typography>}
      {!canEdit && (
        <Alert severity="info" role="note">
          {translate('team.readOnly')}
        </Alert>
      )}
      <TwoFactorRequirement />
      <MemberList />
      {canInvite && <InvitationList />}
    </PageLayout>
  );
}
