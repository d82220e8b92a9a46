/**
 * Invite someone by e-mail with a role (issue 22). The e-mail is checked with the shared rule before sending; the
 * roles are listed with what each may do. A refusal the server names (a member already, an open invitation,
 * network staff, too many invitations: issue 30) is said in the dialog, which keeps what was typed; the dialog says
 * the invitation limits up front (src/lib/invitationLimits.ts).
 */
import { useId, useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCreate } from 'react-admin';
import { WriteFormDialog } from '../../components/FormDialog';
import { useTouchedSubmit } from '../../components/useTouchedSubmit';
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

export function InviteDialog({ onClose }: { onClose: () => void }) {
  const { translate } = useI18n();
  const { publisher } = useSession();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('EDITOR');
  const roleLabel = useId();
  const inviting = useWriteNotices('createInvitation', {
    invalidate: ['invitations', 'history'],
    failureKey: keyByErrorCode({ ALREADY_EXISTS: 'team.inviteDialog.alreadyExists', TOO_MANY_INVITATIONS: 'team.inviteDialog.tooMany' }),
    onSuccess: onClose,
  });
  const invite = writeOf(inviting, useCreate<{ email: string; role: Role }, unknown, InvitationRecord>('invitations', undefined, inviting), (data: { email: string; role: Role }) => ({ data }));
  const problem = emailError(email);
  const form = useTouchedSubmit(!problem, () => invite.mutate({ email: email.trim(), role }));

  return (
    <WriteFormDialog
      title={translate('team.inviteDialog.title', { publisher: publisher?.name ?? '' })}
      onClose={onClose}
      write={invite}
      onSubmit={form.submit}
      submitLabel={translate('team.inviteDialog.submit')}
    >
      <Typography variant="body2">{translate('team.inviteDialog.help')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('team.inviteDialog.limits', LIMIT_VALUES)}
      </Typography>
      <TextField
        label={translate('team.inviteDialog.email')}
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        onBlur={() => form.left(email)}
        error={form.touched && problem !== undefined}
        helperText={form.touched && problem ? translate(problem) : undefined}
        required
        fullWidth
      />
      <div>
        <FormLabel id={roleLabel}>{translate('team.inviteDialog.role')}</FormLabel>
        <RadioGroup aria-labelledby={roleLabel} value={role} onChange={(event) => setRole(event.target.value as Role)}>
          {ROLES.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={
                <span>
                  <strong>{translate(`roles.${value}`)}</strong>: {translate(`roles.descriptions.${value}`)}
                </span>
              }
            />
          ))}
        </RadioGroup>
      </div>
    </WriteFormDialog>
  );
}
