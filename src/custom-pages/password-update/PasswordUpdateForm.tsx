/**
 * The password change form (spec sections 5 and 8): current, new and confirm fields (each with the show/hide control
 * of the sign-in and reset pages, PasswordField), the rules of the new
 * password shown live (the shared rules, src/lib/password.ts, as on the reset page), each field's message once
 * it has been left, and the submit button disabled until everything is valid. The form is react-admin's: the
 * fields are PasswordInputs with the shared rules and the contract's (changePassword) as validators; a field
 * whose rule reads another one (must differ, must match) is checked again when that one changes. It sends the designed
 * change-password call with the user's e-mail, the current and the new password.
 *
 * - Failure (any non-2xx): errorMessages.password as a notice that never fades; what was typed stays.
 * - Success: the server stops accepting every earlier token, so the session has ended. The page says so
 *   (accountSettings.changePassword.updatePasswordSuccessfully) with a visible countdown, then signs out (the
 *   stored state is cleared) and opens /login after 5 seconds; 'Sign in now' does it at once. The fresh token the
 *   call answers is not kept: the user signs in again with the new password.
 */
import { useCallback, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Form, useLogout } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { PasswordInput } from '../../components/PasswordInput';
import { PasswordRules } from '../../components/PasswordRules';
import { LOGIN_REDIRECT_SECONDS, useCountdown } from '../../components/useCountdown';
import { changePassword } from '../../dataProvider/authApi';
import { useI18n } from '../../i18n/I18nContext';
import { contractValidators, type FieldValidator } from '../../lib/contractRules';
import { useWrite } from '../../notices/useWrite';
import { validatePasswordChange, type PasswordChange } from '../../lib/password';

type Field = keyof PasswordChange;
const EMPTY: PasswordChange = { current: '', next: '', confirm: '' };

/** The shared rule of one field, over all three (spec section 5's messages). */
const changeRule =
  (field: Field): FieldValidator =>
  (_value, allValues) =>
    validatePasswordChange({ ...EMPTY, ...(allValues as Partial<PasswordChange>) })[field];

const FIELDS: readonly { field: Field; labelKey: string; autoComplete: string; validate: FieldValidator[]; /** Fields whose rule reads this one. */ readers: Field[] }[] = [
  { field: 'current', labelKey: 'currentPassword', autoComplete: 'current-password', validate: [changeRule('current'), ...contractValidators('changePassword', 'password')], readers: ['next'] },
  { field: 'next', labelKey: 'newPassword', autoComplete: 'new-password', validate: [changeRule('next'), ...contractValidators('changePassword', 'newPassword')], readers: ['confirm'] },
  { field: 'confirm', labelKey: 'confirmPassword', autoComplete: 'new-password', validate: [changeRule('confirm')], readers: [] },
];

export function PasswordUpdateForm({ email }: { email: string }) {
  const { translate } = useI18n();
  const t = (key: string, values?: Record<string, unknown>) => translate(`accountSettings.changePassword.${key}`, values);
  const logout = useLogout();
  const signOut = useCallback(() => void logout(), [logout]);
  // The page's state after success (the form is gone), not a field's value.
  const [done, setDone] = useState(false);
  const secondsLeft = useCountdown(LOGIN_REDIRECT_SECONDS, done, signOut);

  const change = useWrite('changePassword', {
    mutationFn: (next: PasswordChange) => changePassword({ email, password: next.current, newPassword: next.next }),
    onSuccess: () => setDone(true),
  });

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

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
      <Typography sx={{ mb: 2 }}>{t('intro', { email })}</Typography>
      <Form
        defaultValues={EMPTY}
        mode="onTouched"
        noValidate
        // The fields say what is wrong; no extra 'the form is not valid' notice.
        disableInvalidFormNotification
        onSubmit={(values: Record<string, unknown>) => {
          if (!change.isPending) change.mutate({ ...EMPTY, ...(values as Partial<PasswordChange>) });
        }}
      >
        <Box sx={{ display: 'grid', gap: 2 }} role="group" aria-label={translate('accountSettings.passwordUpdate')}>
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordFields saving={change.isPending} />
          <Box>
            <SubmitButton saving={change.isPending} />
          </Box>
        </Box>
      </Form>
    </Paper>
  );
}

function PasswordFields({ saving }: { saving: boolean }) {
  const { translate } = useI18n();
  const rulesId = `${useId()}-rules`;
  const { getFieldState, trigger } = useFormContext<PasswordChange>();
  const next = (useWatch<PasswordChange, 'next'>({ name: 'next' }) as string | undefined) ?? '';
  return FIELDS.map(({ field, labelKey, autoComplete, validate, readers }) => (
    <Box key={field}>
      <PasswordInput
        source={field}
        label={translate(`accountSettings.changePassword.${labelKey}`)}
        autoComplete={autoComplete}
        validate={validate}
        disabled={saving}
        describedBy={field === 'next' ? rulesId : undefined}
        // A rule reading this field says its new answer on the field it belongs to, once that one was left.
        onChange={() => {
          const left = readers.filter((reader) => getFieldState(reader).isTouched);
          if (left.length > 0) void trigger(left);
        }}
      />
      {field === 'next' && (
        <div id={rulesId}>
          <PasswordRules password={next} />
        </div>
      )}
    </Box>
  ));
}

/**
 * Enabled once every field is valid (spec: 'submit disabled until valid') and nothing is saving. The fields' own
 * validators, run on the values as they are typed: react-hook-form's isValid comes a tick later, after its
 * asynchronous check, and a click in between would meet a disabled button.
 */
function SubmitButton({ saving }: { saving: boolean }) {
  const { translate } = useI18n();
  const values = { ...EMPTY, ...(useWatch<PasswordChange>() as Partial<PasswordChange>) };
  const valid = FIELDS.every(({ field, validate }) => validate.every((rule) => rule(values[field], values) === undefined));
  return (
    <Button type="submit" variant="contained" disabled={!valid || saving}>
      {translate(`accountSettings.changePassword.${saving ? 'submitting' : 'submit'}`)}
    </Button>
  );
}
