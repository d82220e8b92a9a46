/**
 * The password change form (spec sections 5 and 8): current, new and confirm fields (each with the show/hide control
 * of the sign-in and reset pages, PasswordField), the rules of the new
 * password shown live (the shared rules, src/lib/password.ts, as on the reset page), each field's message once
 * it has been left, and the submit button disabled until everything is valid. It sends the designed
 * change-password call with the user's e-mail, the current and the new password.
 *
 * - Failure (any non-2xx): errorMessages.password as a notice that never fades; what was typed stays.
 * - Success: the server stops accepting every earlier token, so the session has ended. The page says so
 *   (accountSettings.changePassword.updatePasswordSuccessfully) with a visible countdown, then signs out (the
 *   stored state is cleared) and opens /login after 5 seconds; 'Sign in now' does it at once. The fresh token the
 *   call answers is not kept: the user signs in again with the new password.
 */
import { useCallback, useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useLogout } from 'react-admin';
import { PasswordField } from '../../components/PasswordField';
import { PasswordRules } from '../../components/PasswordRules';
import { LOGIN_REDIRECT_SECONDS, useCountdown } from '../../components/useCountdown';
import { changePassword } from '../../dataProvider/authApi';
import { useI18n } from '../../i18n/I18nContext';
import { useWrite } from '../../notices/useWrite';
import { isPasswordChangeValid, validatePasswordChange, type PasswordChange } from '../../lib/password';

type Field = keyof PasswordChange;
const FIELDS: readonly { field: Field; labelKey: string; autoComplete: string }[] = [
  { field: 'current', labelKey: 'currentPassword', autoComplete: 'current-password' },
  { field: 'next', labelKey: 'newPassword', autoComplete: 'new-password' },
  { field: 'confirm', labelKey: 'confirmPassword', autoComplete: 'new-password' },
];

export function PasswordUpdateForm({ email }: { email: string }) {
  const { translate } = useI18n();
  const t = (key: string, values?: Record<string, unknown>) => translate(`accountSettings.changePassword.${key}`, values);
  const idBase = useId();
  const logout = useLogout();
  const signOut = useCallback(() => void logout(), [logout]);
  const [values, setValues] = useState<PasswordChange>({ current: '', next: '', confirm: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ current: false, next: false, confirm: false });
  const [done, setDone] = useState(false);
  const secondsLeft = useCountdown(LOGIN_REDIRECT_SECONDS, done, signOut);

  const change = useWrite('changePassword', {
    mutationFn: (next: PasswordChange) => changePassword({ email, password: next.current, newPassword: next.next }),
    onSuccess: () => setDone(true),
  });

  const errors = validatePasswordChange(values);
  const valid = isPasswordChangeValid(values);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || change.isPending) return;
    change.mutate(values);
  }

  if (done) {
    return (
      <Alert severity="success" role="status" sx={{ maxWidth: 560 }}>
        <AlertTitle>{t('updatePasswordSuccessfully')}</AlertTitle>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('redirecting', { smart_count: secondsLeft })}
        </Typography>
        <Button variant="outlined" size="small" color="inherit" onClick={signOut}>
          {t('goToLogin')}
        </Button>
      </Alert>
    );
  }

  const rulesId = `${idBase}-rules`;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
      <Typography sx={{ mb: 2 }}>{t('intro', { email })}</Typography>
      <Box component="form" noValidate onSubmit={submit} aria-label={translate('accountSettings.passwordUpdate')} sx={{ display: 'grid', gap: 2 }}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        {FIELDS.map(({ field, labelKey, autoComplete }) => {
          const id = `${idBase}-${field}`;
          const error = touched[field] ? errors[field] : undefined;
          const describedBy = [error && `${id}-helper-text`, field === 'next' && rulesId].filter(Boolean).join(' ');
          return (
            <Box key={field}>
              <PasswordField
                id={id}
                label={t(labelKey)}
                autoComplete={autoComplete}
                value={values[field]}
                onChange={(event) => setValues((state) => ({ ...state, [field]: event.target.value }))}
                onBlur={() => setTouched((state) => ({ ...state, [field]: true }))}
                error={error !== undefined}
                helperText={error ? translate(error) : undefined}
                disabled={change.isPending}
                slotProps={{ htmlInput: { 'aria-describedby': describedBy || undefined } }}
              />
              {field === 'next' && (
                <div id={rulesId}>
                  <PasswordRules password={values.next} />
                </div>
              )}
            </Box>
          );
        })}
        <Box>
          <Button type="submit" variant="contained" disabled={!valid || change.isPending}>
            {t(change.isPending ? 'submitting' : 'submit')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
