/**
 * "Sign out everywhere else", confirmed with the account's password (issue 30: a stolen token must not sign its
 * owner out everywhere). The answer is this session's fresh token, kept before anything refetches, so this tab
 * goes on. A wrong password is said once, in the dialog, which keeps what was typed.
 */
import Typography from '@mui/material/Typography';
import { WriteFormDialog } from '../../components/FormDialog';
import { apiErrorCode, keyByErrorCode } from '../../dataProvider/client';
import { session } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { PasswordProofField } from './PasswordProofField';
import { useWrite } from '../../notices/useWrite';

const failureKey = keyByErrorCode({ INVALID_CREDENTIALS: 'security.disable.invalidPassword', TOO_MANY_ATTEMPTS: 'auth.tooManyAttempts' });

export function EndOtherSessionsDialog({ onClose }: { onClose: () => void }) {
  const { translate } = useI18n();
  const endOthers = useWrite('endOtherSessions', {
    mutationFn: async (typed: string, dataProvider) => session.setToken(await dataProvider.endOtherSessions(typed)),
    invalidate: ['sessions'],
    failureKey,
    quietFailure: (error) => ['INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS'].includes(apiErrorCode(error) ?? ''),
    onSuccess: onClose,
  });
  return (
    <WriteFormDialog
      title={translate('security.sessions.endOthersTitle')}
      onClose={onClose}
      write={endOthers}
      defaultValues={{ password: '' }}
      onSubmit={({ password }) => endOthers.mutate(password)}
      submitLabel={translate('security.sessions.endOthers')}
    >
      <Typography>{translate('security.sessions.endOthersMessage')}</Typography>
      <PasswordProofField operation="endOtherSessions" />
    </WriteFormDialog>
  );
}
