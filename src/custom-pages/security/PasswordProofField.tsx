/**
 * The account's current password as proof of a security change (issue 30: starting two-factor set-up, "sign out
 * everywhere else"), the dialog's one field: required, focused when the dialog opens, its problem said once touched.
 */
import TextField from '@mui/material/TextField';
import { useI18n } from '../../i18n/I18nContext';

export function PasswordProofField({ value, onChange, onBlur, showError }: { value: string; onChange: (value: string) => void; onBlur: () => void; showError: boolean }) {
  const { translate } = useI18n();
  return (
    <TextField
      label={translate('security.disable.password')}
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={showError}
      helperText={showError ? translate('validation.invalidPassword') : undefined}
      // The dialog asks for this one field: typing starts in it.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
      required
    />
  );
}
