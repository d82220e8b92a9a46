/**
 * /login (spec sections 2, 5, 8): e-mail and password, validated with the shared rules on blur and on submit
 * ('Invalid email', 'Invalid password'); a failure message that stays until the next attempt ('Invalid email or
 * password', the locked-account text with the support address, too many attempts); the button shows progress
 * while signing in and typed values are never cleared. Success stores the token and goes to /browse.
 *
 * Two-factor sign-in (issue 22): when authProvider.login rejects with SecondFactorRequired, the page asks for the
 * code of the authenticator app or a recovery code (SecondFactorStep), or, for a member of a team that requires
 * it, sets it up (SetupStep) and shows the recovery codes before going on. `?email=` prefills the e-mail (the
 * invitation page sends a new member here).
 *
 * Router-agnostic and free of react-admin: it is drawn by the light shell and, once the admin app is loaded,
 * by the admin's /login route (after a logout). `onSignedIn` lets the admin refresh its auth state first.
 */
import { useCallback, useState } from 'react';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import { createAuthProvider, SecondFactorRequired, type LoginParams } from '../../dataProvider/authProvider';
import type { SecondFactorChallenge } from '../../dataProvider/authApi';
import { useI18n } from '../../i18n/I18nContext';
import { emailError } from '../../lib/email';
import { loginPasswordError } from '../../lib/password';
import { EmailField, onValidSubmit, useCheckedField } from '../public/checkedField';
import { Button, Message, PageLink, TextField } from '../public/FormControls';
import { PublicFrame } from '../public/PublicFrame';
import { navigate, useSearch } from '../public/navigation';
import { paths } from '../../routes';
import { SecondFactorStep } from './SecondFactorStep';
import { RecoveryCodesStep, SetupStep } from './SetupStep';

export interface LoginPageProps {
  /** Called with the address to open after a successful sign-in; default: go there. */
  onSignedIn?: (redirectTo: string) => void | Promise<void>;
}

let authProvider: ReturnType<typeof createAuthProvider> | null = null;

/** The same authProvider.login the admin uses: one definition of what signing in stores. */
function signIn(params: LoginParams): Promise<unknown> {
  authProvider ??= createAuthProvider();
  return authProvider.login(params);
}

function redirectOf(result: unknown): string {
  if (typeof result === 'object' && result !== null && 'redirectTo' in result && typeof result.redirectTo === 'string') {
    return result.redirectTo;
  }
  return paths.browse;
}

type Step =
  | { kind: 'password' }
  | { kind: 'code' | 'setup'; challenge: SecondFactorChallenge }
  | { kind: 'recoveryCodes'; codes: string[]; redirectTo: string };

function recoveryCodesOf(result: unknown): string[] | undefined {
  if (typeof result !== 'object' || result === null || !('recoveryCodes' in result) || !Array.isArray(result.recoveryCodes)) return undefined;
  return result.recoveryCodes.filter((code): code is string => typeof code === 'string');
}

export function LoginPage({ onSignedIn = (to) => navigate(to) }: LoginPageProps) {
  const { translate } = useI18n();
  const search = useSearch();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const email = useCheckedField(() => new URLSearchParams(search).get('email') ?? '', emailError);
  const password = useCheckedField('', loginPasswordError);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = onValidSubmit(busy, [email, password], async () => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await signIn({ email: email.value, password: password.value });
      await onSignedIn(redirectOf(result));
    } catch (error) {
      if (error instanceof SecondFactorRequired) {
        setStep({ kind: error.challenge.mode === 'SETUP' ? 'setup' : 'code', challenge: error.challenge });
        setBusy(false);
        return;
      }
      setFailure(error instanceof Error && error.message ? error.message : 'errorMessages.general');
      setBusy(false);
    }
  });

  const setPassword = password.setValue;
  // Back to the password (the challenge ran out, or the user chose to): what was typed stays but the password.
  const restart = useCallback((message?: string) => {
    setStep({ kind: 'password' });
    setPassword('');
    setFailure(message ?? null);
  }, [setPassword]);

  if (step.kind !== 'password') {
    return (
      <PublicFrame title={translate(step.kind === 'code' ? 'login.secondFactor.title' : 'login.secondFactor.setupTitle')} showHeader>
        {step.kind === 'recoveryCodes' ? (
          <RecoveryCodesStep codes={step.codes} onContinue={() => void onSignedIn(step.redirectTo)} />
        ) : step.kind === 'code' ? (
          <SecondFactorStep
            challenge={step.challenge}
            verify={async (proof) => onSignedIn(redirectOf(await signIn({ challenge: step.challenge.token, ...proof })))}
            onRestart={restart}
          />
        ) : (
          <SetupStep
            challenge={step.challenge}
            confirm={async (code) => {
              const result = await signIn({ challenge: step.challenge.token, setupCode: code });
              setStep({ kind: 'recoveryCodes', codes: recoveryCodesOf(result) ?? [], redirectTo: redirectOf(result) });
            }}
            onRestart={restart}
          />
        )}
      </PublicFrame>
    );
  }

  return (
    <PublicFrame title={translate('login.title')} subtitle={translate('login.subtitle')} showHeader>
      {failure && (
        <Message tone="error">{translate(failure, { email: getRuntimeConfig().supportEmail })}</Message>
      )}
      <form className="pp-form" noValidate onSubmit={submit} aria-label={translate('login.title')}>
        <EmailField label={translate('login.email')} field={email} />
        <TextField label={translate('login.password')} type="password" name="password" autoComplete="current-password" {...password.props} />
        <Button type="submit" busy={busy} block>
          {translate(busy ? 'login.submitting' : 'login.submit')}
        </Button>
        <PageLink to={paths.forgot}>{translate('login.forgotPassword')}</PageLink>
      </form>
    </PublicFrame>
  );
}
