/**
 * The account's current password as proof of a security change (issue 30: starting two-factor set-up, "sign out
 * everywhere else"), the dialog's one field (a react-admin input of its form, `password`): required by the
 * contract's rule of the operation, focused when the dialog opens. Turning two-factor off asks for it too, as one of
 * two ways (its own props: an extra rule, not focused, dropped from the values when the code is chosen instead).
 */
import { TextInput, type TextInputProps } from 'react-admin';
import { contractValidators } from '../../lib/contractRules';

type ProofOperation = 'startTwoFactorSetup' | 'endOtherSessions' | 'disableTwoFactor';

export function PasswordProofField({ operation, focus = true, ...input }: { operation: ProofOperation; focus?: boolean } & Partial<Omit<TextInputProps, 'source' | 'autoFocus'>>) {
  return (
    <TextInput
      source="password"
      label="security.disable.password"
      type="password"
      autoComplete="current-password"
      helperText={false}
      validate={contractValidators(operation, 'password')}
      // The dialog asks for this one field: typing starts in it.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus={focus}
      {...input}
    />
  );
}
