/**
 * Turning two-factor sign-in on: the QR code of the new secret (drawn in the browser: components/QrCode, whose
 * library loads only here), the secret as text to type instead, and the first code of the app to confirm; then
 * the 10 recovery codes, shown this once, to copy or download. A wrong code keeps the dialog and what was typed.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CopyButton } from '../../components/CopyButton';
import { DialogForm, FormDialog, WriteFormDialog } from '../../components/FormDialog';
import { QrCode, groupedSecret } from '../../components/QrCode';
import { useTouchedSubmit } from '../../components/useTouchedSubmit';
import { apiErrorCode } from '../../dataProvider/client';
import type { TwoFactorSetup } from '../../dataProvider/authApi';
import { useI18n } from '../../i18n/I18nContext';
import { useWrite } from '../../notices/useWrite';
import { RecoveryCodesList } from './RecoveryCodesList';
import { isAppCode } from '../../lib/secondFactorCode';


export function TwoFactorSetupDialog({ setup, onClose }: { setup: TwoFactorSetup; onClose: () => void }) {
  const { translate } = useI18n();
  const [code, setCode] = useState('');
  const confirm = useWrite('confirmTwoFactor', {
    mutationFn: (typed: string, dataProvider) => dataProvider.confirmTwoFactor(typed),
    invalidate: ['twoFactor'],
    failureKey: (error) => (apiErrorCode(error) === 'INVALID_CODE' ? 'auth.invalidCode' : undefined),
  });
  const typed = code.replace(/\s/g, '');
  const valid = isAppCode(typed);
  const form = useTouchedSubmit(valid, () => confirm.mutate(typed));

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
    <WriteFormDialog title={translate('security.setup.title')} onClose={onClose} write={confirm} onSubmit={form.submit} submitLabel={translate('security.setup.confirm')}>
      <Typography>{translate('security.setup.scan')}</Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <QrCode value={setup.otpauthUri} alt={translate('security.setup.qrAlt')} failedText={translate('security.setup.qrFailed')} />
      </Box>
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
      <TextField
        label={translate('security.setup.code')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        onBlur={() => form.left(code)}
        error={form.touched && !valid}
        helperText={form.touched && !valid ? translate('auth.invalidCode') : translate('security.setup.codeHelp')}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        required
      />
    </WriteFormDialog>
  );
}
