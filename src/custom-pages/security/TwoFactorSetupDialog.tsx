/**
 * Turning two-factor sign-in on, in three steps of one dialog:
 *
 * 1. the account's password (issue 30: a token alone must not enrol a second factor), which starts the set-up;
 * 2. the QR code of the new secret (drawn in the browser: components/QrCode, whose library loads only here), the
 *    secret as text to copy or type, an otpauth:// link for an authenticator app on this same device (a phone
 *    cannot scan its own screen), and the first code of the app, sent with the password kept from step 1;
 * 3. the 10 recovery codes, shown this once, to copy or download.
 *
 * Turning it on ends every other session and refuses every earlier token: the answer's fresh token is kept before
 * anything refetches. A wrong password or code is said once, in the dialog (no notice beside it), and keeps what
 * was typed.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { CopyButton } from '../../components/CopyButton';
import { DialogForm, FormDialog, WriteFormDialog } from '../../components/FormDialog';
import { QrCode, groupedSecret } from '../../components/QrCode';
import { apiErrorCode, keyByErrorCode } from '../../dataProvider/client';
import type { TwoFactorSetup } from '../../dataProvider/authApi';
import { session } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { PasswordProofField } from './PasswordProofField';
import { useWrite } from '../../notices/useWrite';
import { RecoveryCodesList } from './RecoveryCodesList';
import { TextInput } from 'react-admin';
import { codeAsSent, codeValidator, isAppCode } from '../../lib/secondFactorCode';

const failureKey = keyByErrorCode({
  INVALID_CODE: 'auth.invalidCode',
  INVALID_CREDENTIALS: 'security.disable.invalidPassword',
  TOO_MANY_ATTEMPTS: 'auth.tooManyAttempts',
});
const appCode = codeValidator(isAppCode);
/** What the dialog's alert says itself: no notice repeats it. */
const saidInDialog = (error: unknown) => ['INVALID_CODE', 'INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS'].includes(apiErrorCode(error) ?? '');

export function TwoFactorSetupDialog({ onClose }: { onClose: () => void }) {
  const { translate } = useI18n();
  const start = useWrite('startTwoFactorSetup', {
    mutationFn: (typed: string, dataProvider) => dataProvider.startTwoFactorSetup(typed),
    failureKey,
    quietFailure: saidInDialog,
  });

  // The password the set-up started with goes with the first code (the write's own variables).
  if (start.data && start.variables !== undefined) return <CodeStep setup={start.data} password={start.variables} onClose={onClose} />;
  return (
    <WriteFormDialog
      title={translate('security.setup.title')}
      onClose={onClose}
      write={start}
      defaultValues={{ password: '' }}
      onSubmit={({ password }) => start.mutate(password)}
      submitLabel={translate('security.setup.continue')}
    >
      <Typography>{translate('security.setup.passwordIntro')}</Typography>
      <PasswordProofField operation="startTwoFactorSetup" />
    </WriteFormDialog>
  );
}

function CodeStep({ setup, password, onClose }: { setup: TwoFactorSetup; password: string; onClose: () => void }) {
  const { translate } = useI18n();
  const confirm = useWrite('confirmTwoFactor', {
    // Every earlier token is refused from now on: the fresh one takes this tab's place before anything refetches.
    mutationFn: async (typed: string, dataProvider) => {
      const { recoveryCodes, jwt } = await dataProvider.confirmTwoFactor({ code: typed, password });
      session.setToken(jwt);
      return recoveryCodes;
    },
    // The publisher too: a member locked out by the team's requirement may work for it again at once.
    invalidate: ['twoFactor', 'sessions', 'publishers'],
    failureKey,
    quietFailure: saidInDialog,
  });

  if (confirm.data) {
    return (
      <FormDialog title={translate('security.recovery.title')} onClose={onClose} maxWidth="sm">
        <DialogForm onClose={onClose} closeLabel={translate('security.recovery.done')}>
          <RecoveryCodesList codes={confirm.data} />
        </DialogForm>
      </FormDialog>
    );
  }
  return (
    <WriteFormDialog
      title={translate('security.setup.title')}
      onClose={onClose}
      write={confirm}
      defaultValues={{ code: '' }}
      onSubmit={({ code }) => confirm.mutate(codeAsSent(code))}
      submitLabel={translate('security.setup.confirm')}
    >
      <SecretToAdd setup={setup} />
      <TextInput
        source="code"
        label="security.setup.code"
        helperText="security.setup.codeHelp"
        validate={appCode}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        required
      />
    </WriteFormDialog>
  );
}

/** The QR code, the key to copy or type, and the link that opens an authenticator app on this device. */
function SecretToAdd({ setup }: { setup: TwoFactorSetup }) {
  const { translate } = useI18n();
  return (
    <>
      <Typography>{translate('security.setup.scan')}</Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <QrCode value={setup.otpauthUri} alt={translate('security.setup.qrAlt')} failedText={translate('security.setup.qrFailed')} />
      </Box>
      <Typography>
        {translate('security.setup.onThisDevice')} <Link href={setup.otpauthUri}>{translate('security.setup.openApp')}</Link>
      </Typography>
      <Typography>{translate('security.setup.manual')}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography
          component="code"
          aria-label={translate('security.setup.key')}
          sx={{ fontFamily: 'monospace', fontSize: '1rem', bgcolor: 'action.hover', px: 1.5, py: 1, borderRadius: 1, overflowWrap: 'anywhere' }}
        >
          {groupedSecret(setup.secret)}
        </Typography>
        <CopyButton text={setup.secret} label={translate('security.setup.copyKey')}>{translate('security.setup.copyKey')}</CopyButton>
      </Box>
    </>
  );
}
