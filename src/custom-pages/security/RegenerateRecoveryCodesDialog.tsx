/**
 * New recovery codes (regenerateRecoveryCodes): for a user who has used or lost some. It says that the old codes
 * stop working, asks for a current code of the app (or a recovery code), then shows the 10 new ones this once, to
 * copy or download. A refused call keeps the dialog and what was typed, and says why in it.
 */
import Typography from '@mui/material/Typography';
import { DialogForm, FormDialog, WriteFormDialog } from '../../components/FormDialog';
import { keyByErrorCode } from '../../dataProvider/client';
import { useI18n } from '../../i18n/I18nContext';
import { useWrite } from '../../notices/useWrite';
import { RecoveryCodesList } from './RecoveryCodesList';
import { TextInput } from 'react-admin';
import { codeAsSent, codeValidator, isAppOrRecoveryCode } from '../../lib/secondFactorCode';

// A current code of the app, or a recovery code however it is typed (the hyphen is optional), as disabling takes.
const anyCode = codeValidator(isAppOrRecoveryCode);

const failureKey = keyByErrorCode({
  INVALID_CODE: 'auth.invalidCode',
  TOO_MANY_ATTEMPTS: 'auth.tooManyAttempts',
});

export function RegenerateRecoveryCodesDialog({ onClose }: { onClose: () => void }) {
  const { translate } = useI18n();
  const regenerate = useWrite('regenerateRecoveryCodes', {
    mutationFn: (typed: string, dataProvider) => dataProvider.regenerateRecoveryCodes({ code: typed }),
    invalidate: ['twoFactor'],
    failureKey,
  });

  if (regenerate.data) {
    return (
      <FormDialog title={translate('security.recovery.title')} onClose={onClose} maxWidth="sm">
        <DialogForm onClose={onClose} closeLabel={translate('security.recovery.done')}>
          <RecoveryCodesList codes={regenerate.data} />
        </DialogForm>
      </FormDialog>
    );
  }
  return (
    <WriteFormDialog
      title={translate('security.regenerate.title')}
      onClose={onClose}
      write={regenerate}
      defaultValues={{ code: '' }}
      onSubmit={({ code }) => regenerate.mutate(codeAsSent(code))}
      submitLabel={translate('security.regenerate.confirm')}
    >
      <Typography>{translate('security.regenerate.intro')}</Typography>
      <TextInput
        source="code"
        label="security.regenerate.code"
        helperText="security.regenerate.codeHelp"
        validate={anyCode}
        autoComplete="one-time-code"
        required
      />
    </WriteFormDialog>
  );
}
