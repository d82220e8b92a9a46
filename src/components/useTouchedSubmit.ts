/**
 * When a dialog's checked fields show what is wrong with them: once one is left with something typed (leaving an
 * empty field is not a mistake yet) or the form is submitted; a submit sends only when nothing is wrong.
 *
 *   const form = useTouchedSubmit(valid, () => write.mutate(value));
 *   <TextField onBlur={() => form.left(value)} error={form.touched && !valid} … />
 */
import { useState } from 'react';

export function useTouchedSubmit(valid: boolean, send: () => void) {
  const [touched, setTouched] = useState(false);
  return {
    touched,
    /** Back to untouched (e.g. when the field is swapped for another). */
    reset: () => setTouched(false),
    /** A field's onBlur, with the field's value. */
    left: (value: string) => {
      if (value !== '') setTouched(true);
    },
    submit: () => {
      setTouched(true);
      if (valid) send();
    },
  };
}
