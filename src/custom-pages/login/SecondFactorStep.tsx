/**
 * The sign-in's second step (issue 22): the 6-digit code of the authenticator app, or one of the recovery codes.
 * The code goes with the challenge the password step got (authProvider.login({ challenge, code })); a wrong code
 * keeps what was typed and says so (a recovery code that was wrong or used up in words of its own, not the app's);
 * a challenge that ran out sends the user back to the password. The code field has the focus from the start and
 * after switching between the two kinds, so typed digits land in it (issue 30).
 */
import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/I18nContext';
import type { SecondFactorChallenge } from '../../dataProvider/authApi';
import { Button, Message, TextField } from '../public/FormControls';
import { useCodeForm } from './useCodeForm';
import { isAppCode, isRecoveryCode } from '../../lib/secondFactorCode';

export interface SecondFactorStepProps {
  challenge: SecondFactorChallenge;
  /** Sends the code; rejects with an Error whose message is an i18n key. */
  verify: (proof: { code: string } | { recoveryCode: string }) => Promise<void>;
  /** Back to the password step (with the message to show there, when the challenge ran out). */
  onRestart: (message?: string) => void;
}

export function SecondFactorStep({ verify, onRestart }: SecondFactorStepProps) {
  const { translate } = useI18n();
  const [recovery, setRecovery] = useState(false);
  const { field, busy, failure, setFailure, submit } = useCodeForm(
    (typed) => (recovery ? isRecoveryCode : isAppCode)(typed),
    (typed) => verify(recovery ? { recoveryCode: typed } : { code: typed }),
    onRestart,
  );

  const { input } = field;
  useEffect(() => input.current?.focus(), [recovery, input]);

  function switchKind() {
    setRecovery((current) => !current);
    field.setValue('');
    field.setTouched(false);
    setFailure(null);
  }

  return (
    <>
      <p className="pp-subtitle">{translate(recovery ? 'login.secondFactor.recoveryIntro' : 'login.secondFactor.intro')}</p>
      {failure && <Message tone="error">{translate(recovery && failure === 'auth.invalidCode' ? 'auth.invalidRecoveryCode' : failure)}</Message>}
      <form className="pp-form" noValidate onSubmit={submit} aria-label={translate('login.secondFactor.title')}>
        <TextField
          key={recovery ? 'recovery' : 'code'}
          label={translate(recovery ? 'login.secondFactor.recoveryCode' : 'login.secondFactor.code')}
          name={recovery ? 'recoveryCode' : 'code'}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          {...field.props}
        />
        <Button type="submit" busy={busy} block>
          {translate(busy ? 'login.secondFactor.submitting' : 'login.secondFactor.submit')}
        </Button>
        <button type="button" className="pp-text-button" onClick={switchKind}>
          {translate(recovery ? 'login.secondFactor.useApp' : 'login.secondFactor.useRecovery')}
        </button>
        <button type="button" className="pp-text-button" onClick={() => onRestart()}>
          {translate('login.secondFactor.back')}
        </button>
      </form>
    </>
  );
}
