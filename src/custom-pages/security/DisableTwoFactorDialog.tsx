/**
 * Turning two-factor sign-in off (issue 22): proven by a current code of the app (or a recovery code) or by the
 * password. A wrong one is said in the dialog, which keeps what was typed; the user stays signed in.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DialogForm, FormDialog } from '../../components/FormDialog';
import { keyByErrorCode } from '../../dataProvider/client';
import { useI18n } from '../../i18n/I18nContext';
import { useWrite } from '../../notices/useWrite';

const CODE = /^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/i;

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
  const [touched, setTouched] = useState(false);
  const disable = useWrite('disableTwoFactor', {
    mutationFn: (proof: { code: string } | { password: string }, dataProvider) => dataProvider.disableTwoFactor(proof),
    invalidate: ['twoFactor'],
    failureKey,
    onSuccess: onClose,
  });
  const typed = usePassword ? value : value.replace(/\s/g, '');
  const valid = usePassword ? typed.trim() !== '' : CODE.test(typed);

  return (
    <FormDialog title={translate('security.disable.title')} onClose={onClose} saving={disable.isPending} maxWidth="sm">
      <DialogForm
        onClose={onClose}
        saving={disable.isPending}
        errorKey={disable.errorKey}
        onSubmit={() => {
          setTouched(true);
          if (valid) disable.mutate(usePassword ? { password: typed } : { code: typed });
        }}
        submit={
          <Button type="submit" variant="contained" color="error" disabled={disable.isPending}>
            {translate('security.disable.confirm')}
          </Button>
        }
      >
        <Typography>{translate('security.disable.intro')}</Typography>
        <TextField
          key={usePassword ? 'password' : 'code'}
          label={translate(usePassword ? 'security.disable.password' : 'security.disable.code')}
          type={usePassword ? 'password' : 'text'}
          autoComplete={usePassword ? 'current-password' : 'one-time-code'}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => value !== '' && setTouched(true)}
          error={touched && !valid}
          helperText={touched && !valid ? translate(usePassword ? 'validation.invalidPassword' : 'auth.invalidCode') : undefined}
          required
        />
        <Button
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => {
            setUsePassword((current) => !current);
            setValue('');
            setTouched(false);
          }}
        >
          {translate(usePassword ? 'security.disable.useCode' : 'security.disable.usePassword')}
        </Button>
      </DialogForm>
    </FormDialog>
  );
}
