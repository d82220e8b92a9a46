/**
 * PasswordField (the show/hide control of the sign-in and reset pages, issue 21) as a react-admin input
 * (`useInput`): its value and rules are the form's, its message react-admin's (said once the field is left,
 * as the form's mode says). The value is kept as typed: an emptied field stays '' (react-admin's default parse
 * makes it null).
 */
import type { ReactNode } from 'react';
import { InputHelperText, useInput, type InputProps } from 'react-admin';
import { PasswordField } from './PasswordField';

const asTyped = (value: string) => value;

export interface PasswordInputProps extends Omit<InputProps<string>, 'label' | 'type' | 'helperText'> {
  /** The label, already translated. */
  label: string;
  autoComplete: string;
  /** Ids of more descriptions of the field (e.g. the rules list), after its message. */
  describedBy?: string;
  children?: ReactNode;
}

export function PasswordInput({ label, autoComplete, describedBy, disabled, ...props }: PasswordInputProps) {
  const { id, field, fieldState } = useInput<string>({ parse: asTyped, ...props });
  const error = fieldState.error?.message;
  const helperId = `${id}-helper-text`;
  const describedByIds = [error && helperId, describedBy].filter(Boolean).join(' ');
  return (
    <PasswordField
      {...field}
      id={id}
      label={label}
      autoComplete={autoComplete}
      error={error !== undefined}
      helperText={error ? <InputHelperText error={error} /> : undefined}
      disabled={disabled}
      slotProps={{ htmlInput: { 'aria-describedby': describedByIds || undefined } }}
    />
  );
}
