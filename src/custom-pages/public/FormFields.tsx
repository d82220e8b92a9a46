/**
 * The fields of a public form kept as one record of values, for forms whose rules look at several fields at once
 * (the reset and invitation pages' passwords: the confirmation must match the new one). A field's error shows
 * once it was left or the form submitted (`touchAll`); the fields are listed in order, the first taking `firstRef`.
 */
import { useState, type ReactNode, type Ref } from 'react';
import { PasswordRules } from '../../components/PasswordRules';
import { useI18n } from '../../i18n/I18nContext';
import type { Translate } from '../../i18n/translate';
import { TextField } from './FormControls';

export interface FieldSpec<Name extends string> {
  name: Name;
  label: string;
  type?: 'password';
  autoComplete: string;
  description?: ReactNode;
}

export function useFormValues<Name extends string>(initial: Record<Name, string>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({});
  const touchAll = () => setTouched(Object.fromEntries(Object.keys(initial).map((name) => [name, true])) as Record<Name, boolean>);
  return { values, setValues, touched, setTouched, touchAll };
}

export type FormValues<Name extends string> = ReturnType<typeof useFormValues<Name>>;

export interface FormFieldsProps<Name extends string> {
  form: FormValues<Name>;
  fields: FieldSpec<Name>[];
  /** i18n keys of what is wrong, by field. */
  errors: Partial<Record<Name, string>>;
  firstRef?: Ref<HTMLInputElement>;
}

export function FormFields<Name extends string>({ form, fields, errors, firstRef }: FormFieldsProps<Name>) {
  const { translate } = useI18n();
  return fields.map(({ name, label, type, autoComplete, description }, index) => {
    const error = errors[name];
    return (
      <TextField
        key={name}
        label={label}
        type={type}
        autoComplete={autoComplete}
        inputRef={index === 0 ? firstRef : undefined}
        value={form.values[name]}
        onChange={(value) => form.setValues((state) => ({ ...state, [name]: value }))}
        onBlur={() => form.setTouched((state) => ({ ...state, [name]: true }))}
        error={form.touched[name] && error ? translate(error) : undefined}
        description={description}
      />
    );
  });
}

/** A new password under the product's rules (shown as it is typed) and its confirmation; labels of `page`. */
export const newPasswordFields = (translate: Translate, page: 'reset' | 'invitation', next: string): FieldSpec<'next' | 'confirm'>[] => [
  { name: 'next', label: translate(`${page}.newPassword`), type: 'password', autoComplete: 'new-password', description: <PasswordRules password={next} /> },
  { name: 'confirm', label: translate(`${page}.confirmPassword`), type: 'password', autoComplete: 'new-password' },
];
