/**
 * Turning two-factor sign-in off (issue 22): proven by a current code of the app (or a recovery code) or by the
 * password. A wrong one is said in the dialog, which keeps what was typed; the user stays signed in.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { TextInput } from 'react-admin';
import { WriteFormDialog } from '../../components/FormDialog';
import { PasswordProofField } from './PasswordProofField';
import { keyByErrorCode } from '../../dataProvider/client';
import { useI18n } from '../../i18n/I18nContext';
import { contractValidators } from '../../lib/contractRules';
import { codeAsSent, codeValidator, isAppOrRecoveryCode } from '../../lib/secondFactorCode';
import { useWrite } from '../../notices/useWrite';

const failureKey = keyByErrorCode({
  INVALID_CODE: 'auth.invalidCode',
  INVALID_CREDENTIALS: 'security.disable.invalidPassword',
  TWO_FACTOR_REQUIRED: 'errorMessages.twoFactorRequired',
  TOO_MANY_ATTEMPTS: 'auth.tooManyAttempts',
});
const anyCode = codeValidator(isAppOrRecoveryCode);
const passwordRules = [...contractValidators('disableTwoFactor', 'password'), (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? undefined : 'validation.invalidPassword')];

export function DisableTwoFactorDialog({ onClose }: { onClose: () => void }) {
  const { translate } = useI18n();
  // Which proof the dialog asks for; the field of the other one leaves the form (shouldUnregister), emptied.
  const [usePassword, setUsePassword] = useState(false);
  const disable = useWrite('disableTwoFactor', {
    mutationFn: (proof: { code: string } | { password: string }, dataProvider) => dataProvider.disableTwoFactor(proof),
    invalidate: ['twoFactor'],
    failureKey,
    onSuccess: onClose,
  });

  return (
    <WriteFormDialog
      title={translate('security.disable.title')}
      onClose={onClose}
      write={disable}
      defaultValues={{ code: '', password: '' }}
      onSubmit={({ code, password }) => disable.mutate(usePassword ? { password } : { code: codeAsSent(code) })}
      submitLabel={translate('security.disable.confirm')}
      submitColor="error"
    >
      <Typography>{translate('security.disable.intro')}</Typography>
      {usePassword ? (
        <PasswordProofField operation="disableTwoFactor" validate={passwordRules} shouldUnregister required focus={false} />
      ) : (
        <TextInput
          source="code"
          label="security.disable.code"
          autoComplete="one-time-code"
          helperText={false}
          validate={anyCode}
          shouldUnregister
          required
        />
      )}
      <Button sx={{ alignSelf: 'flex-start' }} onClick={() => setUsePassword((current) => !current)}>
        {translate(usePassword ? 'security.disable.useCode' : 'security.disable.usePassword')}
      </Button>
    </WriteFormDialog>
  );
}
