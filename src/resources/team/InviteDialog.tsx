/**
 * Invite someone by e-mail with a role (issue 22). The e-mail is checked with the shared rule before sending; the
 * roles are listed with what each may do. A refusal the server names (a member already, an open invitation,
 * network staff, too many invitations: issue 30) is said in the dialog, which keeps what was typed; the dialog says
 * the invitation limits up front (src/lib/invitationLimits.ts).
 */
import Typography from '@mui/material/Typography';
import { RadioButtonGroupInput, TextInput, useCreate } from 'react-admin';
import { WriteFormDialog } from '../../components/FormDialog';
import { keyByErrorCode } from '../../dataProvider/client';
import { useSession } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { emailError } from '../../lib/email';
import { INVITATION_LIMITS } from '../../lib/invitationLimits';
import { ROLES, type Role } from '../../lib/roles';
import type { InvitationRecord } from '../../dataProvider/resources';
import { useWriteNotices, writeOf } from '../../notices/useWriteNotices';

const LIMIT_VALUES = {
  perInviter: INVITATION_LIMITS.perInviterPerHour,
  perPublisher: INVITATION_LIMITS.perPublisherPerHour,
  perRecipient: INVITATION_LIMITS.perRecipientPerDay,
};

/** The shared e-mail rule (trimmed, an internationalised domain in punycode), as a field's validator. */
const validEmail = (value: unknown) => emailError(typeof value === 'string' ? value : '');

export function InviteDialog({ onClose }: { onClose: () => void }) {
  const { translate } = useI18n();
  const { publisher } = useSession();
  const inviting = useWriteNotices('createInvitation', {
    invalidate: ['invitations', 'history'],
    failureKey: keyByErrorCode({ ALREADY_EXISTS: 'team.inviteDialog.alreadyExists', TOO_MANY_INVITATIONS: 'team.inviteDialog.tooMany' }),
    onSuccess: onClose,
  });
  const invite = writeOf(inviting, useCreate<{ email: string; role: Role }, unknown, InvitationRecord>('invitations', undefined, inviting), (data: { email: string; role: Role }) => ({ data }));
  const roleChoices = ROLES.map((value) => ({ id: value, name: value }));

  return (
    <WriteFormDialog
      title={translate('team.inviteDialog.title', { publisher: publisher?.name ?? '' })}
      onClose={onClose}
      write={invite}
      defaultValues={{ email: '', role: 'EDITOR' as Role }}
      onSubmit={({ email, role }) => invite.mutate({ email: email.trim(), role })}
      submitLabel={translate('team.inviteDialog.submit')}
    >
      <Typography variant="body2">{translate('team.inviteDialog.help')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('team.inviteDialog.limits', LIMIT_VALUES)}
      </Typography>
      <TextInput source="email" label="team.inviteDialog.email" type="email" autoComplete="off" helperText={false} validate={validEmail} required fullWidth />
      <RadioButtonGroupInput
        source="role"
        label="team.inviteDialog.role"
        choices={roleChoices}
        row={false}
        helperText={false}
        optionText={(choice: { id: Role }) => (
          <span>
            <strong>{translate(`roles.${choice.id}`)}</strong>: {translate(`roles.descriptions.${choice.id}`)}
          </span>
        )}
      />
    </WriteFormDialog>
  );
}
