/**
 * Turning two-factor sign-in off (issue 22): proven by a current code of the app (or a recovery code) or by the
 * password. A wrong one is said in the dialog, which keeps what was typed; the user stays signed in.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { WriteFormDialog } from '../../components/FormDialog';
import { useTouchedSubmit } from '../../components/useTouchedSubmit';
import { keyByErrorCode } from '../../dataProvider/client';
import { useI18n } from '../../i18n/I18nContext';
import { useWrite } from '../../notices/useWrite';
import { isAppOrRecoveryCode } from '../../lib/secondFactorCode';


const failureKey = keyByErrorCode({
  INVALID_CODE: 'auth.invalidCode',
  INVALID_CREDENTIALS: 'security.disable.invalidPassword',
  TWO_FACTOR_REQUIRED: 'errorMessages.twoFactorRequired',
  TOO_MANY_ATTEMPTS: 'auth.tooManyAttempts',
});

export function DisableTwoFactorDialog({ onClose }: { onClose: () => void }) {
  const { translate } = useI18n();
  const [usePassword, setUsePassword] = useState(false);
  const [value, setValue] = useState('');
  const disable = useWrite('disableTwoFactor', {
    mutationFn: (proof: { code: string } | { password: string }, dataProvider) => dataProvider.disableTwoFactor(proof),
    invalidate: ['twoFactor'],
    failureKey,
    onSuccess: onClose,
  });
  const typed = usePassword ? value : value.replace(/\s/g, '');
  const valid = usePassword ? typed.trim() !== '' : isAppOrRecoveryCode(typed);
  const form = useTouchedSubmit(valid, () => disable.mutate(usePassword ? { password: typed } : { code: typed }));

  return (
    <WriteFormDialog title={translate('security.disable.title')} onClose={onClose} write={disable} onSubmit={form.submit} submitLabel={translate('security.disable.confirm')} submitColor="error">
      <Typography>{translate('security.disable.intro')}</Typography>
      <TextField
        key={usePassword ? 'password' : 'code'}
        label={translate(usePassword ? 'security.disable.password' : 'security.disable.code')}
        type={usePassword ? 'password' : 'text'}
        autoComplete={usePassword ? 'current-password' : 'one-time-code'}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => form.left(value)}
        error={form.touched && !valid}
        helperText={form.touched && !valid ? translate(usePassword ? 'validation.invalidPassword' : 'auth.invalidCode') : undefined}
        required
      />
      <Button
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => {
          setUsePassword((current) => !current);
          setValue('');
          form.reset();
        }}
      >
        {translate(usePassword ? 'security.disable.useCode' : 'security.disable.usePassword')}
      </Button>
    </WriteFormDialog>
  );
}
