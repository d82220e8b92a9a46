/**
 * A field of a public form checked on its own (the sign-in's e-mail and password, the forgot page's e-mail, a
 * second-factor code): its problem, an i18n key, shows once the field is left with something typed (leaving an
 * empty field is not a mistake yet) or the form is submitted, which also focuses the first field that has one.
 */
import { useRef, useState, type Dispatch, type FormEvent, type RefObject, type SetStateAction } from 'react';
import { useI18n } from '../../i18n/I18nContext';
import { TextField, type TextFieldProps } from './FormControls';

export interface CheckedField {
  value: string;
  setValue: Dispatch<SetStateAction<string>>;
  /** The i18n key of what is wrong with the value, if anything. */
  problem: string | undefined;
  setTouched: Dispatch<SetStateAction<boolean>>;
  input: RefObject<HTMLInputElement | null>;
  /** For its TextField: the value, its changes, the problem once shown, the input (to focus it). */
  props: Pick<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'>;
}

export function useCheckedField(initial: string | (() => string), check: (value: string) => string | undefined): CheckedField {
  const { translate } = useI18n();
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const problem = check(value);
  return {
    value,
    setValue,
    problem,
    setTouched,
    input,
    props: {
      value,
      onChange: setValue,
      inputRef: input,
      onBlur: () => value !== '' && setTouched(true),
      error: touched && problem ? translate(problem) : undefined,
    },
  };
}

/**
 * A form's onSubmit: no page load, nothing while busy; every field's problem shown and the first field that has one
 * focused; `send` only when none has.
 */
export const onValidSubmit = (busy: boolean, fields: CheckedField[], send: () => Promise<void>) => (event: FormEvent) => {
  event.preventDefault();
  if (busy) return;
  fields.forEach((field) => field.setTouched(true));
  const wrong = fields.find((field) => field.problem);
  if (wrong) wrong.input.current?.focus();
  else void send();
};

/** The e-mail of the sign-in and forgot forms (the address is the account's user name). */
export function EmailField({ label, field }: { label: string; field: CheckedField }) {
  return <TextField label={label} type="email" name="email" autoComplete="username" {...field.props} />;
}
