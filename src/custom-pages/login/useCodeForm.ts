/**
 * The code form of a sign-in step (SecondFactorStep's code of the app or recovery code, SetupStep's first code):
 * the code is checked before it is sent, without its spaces; a refusal is said and keeps what was typed, and a
 * challenge that ran out sends the user back to the password with its message.
 */
import { useState } from 'react';
import { codeAsSent, codeValidator } from '../../lib/secondFactorCode';
import { onValidSubmit, useCheckedField } from '../public/checkedField';

export function useCodeForm(isValid: (typed: string) => boolean, send: (typed: string) => Promise<void>, onRestart: (message?: string) => void) {
  const field = useCheckedField('', codeValidator(isValid));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = onValidSubmit(busy, [field], async () => {
    setBusy(true);
    setFailure(null);
    try {
      await send(codeAsSent(field.value));
    } catch (error) {
      const key = error instanceof Error && error.message ? error.message : 'errorMessages.general';
      if (key === 'auth.challengeExpired') {
        onRestart(key);
        return;
      }
      setFailure(key);
      setBusy(false);
      field.input.current?.focus();
    }
  });

  return { field, busy, failure, setFailure, submit };
}
