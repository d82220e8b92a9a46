/**
 * /auth, the reset-password page reached from the e-mailed link (spec sections 2, 4, 5, 8).
 * link opened -> (expired ts: expired message, no call) -> link checked (410: expired; other failure: general
 * error) -> form with the temporary password prefilled -> submitted -> success, then /login after 5 seconds
 * with a visible countdown. Submit stays disabled until the shared password rules pass; a failed submit keeps
 * what was typed. Header hidden (spec section 2).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { LOGIN_REDIRECT_SECONDS, useCountdown } from '../../components/useCountdown';
import { resetPassword, validateResetLink } from '../../dataProvider/authApi';
import { useI18n } from '../../i18n/I18nContext';
import { isPasswordChangeValid, validatePasswordChange } from '../../lib/password';
import { Button, Message, PageLink } from '../public/FormControls';
import { FormFields, newPasswordFields, useFormValues } from '../public/FormFields';
import { CheckingFrame, PublicFrame } from '../public/PublicFrame';
import { navigate, useSearch } from '../public/navigation';
import { readResetLink, type ResetLinkParams } from './resetLink';
import { paths } from '../../routes';

type Phase =
  | { kind: 'incomplete' | 'expired' | 'checkFailed' | 'done'; email?: string }
  | { kind: 'checking'; link: ResetLinkParams }
  | { kind: 'form'; link: ResetLinkParams; email: string };

const isGone = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 410;

const goToLogin = () => navigate(paths.login, { replace: true });

/** The forgot-password form, with the account's e-mail filled in when the link named it. */
const forgotPath = (email?: string) => (email ? `${paths.forgot}?${new URLSearchParams({ email })}` : paths.forgot);

export function ResetPasswordPage() {
  const { translate } = useI18n();
  const search = useSearch();
  const [phase, setPhase] = useState<Phase>(() => {
    const state = readResetLink(search);
    return state.kind === 'check' ? { kind: 'checking', link: state.link } : state;
  });
  const form = useFormValues({ current: '', next: '', confirm: '' });
  const { values, setValues } = form;
  const [busy, setBusy] = useState(false);
  const [submitFailed, setSubmitFailed] = useState(false);
  const secondsLeft = useCountdown(LOGIN_REDIRECT_SECONDS, phase.kind === 'done', goToLogin);

  const checkingLink = phase.kind === 'checking' ? phase.link : null;
  useEffect(() => {
    if (!checkingLink) return undefined;
    let cancelled = false;
    validateResetLink(checkingLink).then(
      (details) => {
        if (cancelled) return;
        setValues((state) => ({ ...state, current: details.pwd ?? '' }));
        setPhase({ kind: 'form', link: checkingLink, email: details.email ?? checkingLink.ue });
      },
      (error: unknown) => {
        if (!cancelled) setPhase({ kind: isGone(error) ? 'expired' : 'checkFailed', email: checkingLink.ue });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [checkingLink, setValues]);

  const errors = validatePasswordChange(values);
  const valid = isPasswordChangeValid(values);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (phase.kind !== 'form' || busy || !valid) return;
    setBusy(true);
    setSubmitFailed(false);
    try {
      await resetPassword({ tk: phase.link.tk, ue: phase.link.ue, password: values.current, newPassword: values.next });
      setPhase({ kind: 'done' });
    } catch (error) {
      if (isGone(error)) setPhase({ kind: 'expired', email: phase.link.ue });
      else setSubmitFailed(true);
    } finally {
      setBusy(false);
    }
  }

  const title = translate('reset.title');
  switch (phase.kind) {
    case 'incomplete':
    case 'expired':
    case 'checkFailed':
      return (
        <PublicFrame title={title}>
          <Message tone="error">
            {translate(
              phase.kind === 'incomplete' ? 'reset.incomplete' : phase.kind === 'expired' ? 'reset.expired' : 'errorMessages.general',
            )}
          </Message>
          {/* The way out of a used, expired or broken link (issue 21): a new link, the e-mail filled in when known. */}
          <p className="pp-subtitle">{translate('reset.newLinkHint')}</p>
          <PageLink to={forgotPath(phase.email)}>{translate('reset.sendNewLink')}</PageLink>
          <PageLink to={paths.login}>{translate('forgot.backToLogin')}</PageLink>
        </PublicFrame>
      );
    case 'checking':
      return <CheckingFrame title={title} label={translate('reset.checking')} />;
    case 'done':
      return (
        <PublicFrame title={title}>
          <Message tone="success">
            {translate('reset.success')} {translate('reset.redirecting', { smart_count: secondsLeft })}
          </Message>
          <PageLink to={paths.login}>{translate('reset.goToLogin')}</PageLink>
        </PublicFrame>
      );
    case 'form':
      return (
        <PublicFrame title={title} subtitle={translate('reset.subtitle')}>
          {submitFailed && <Message tone="error">{translate('errorMessages.general')}</Message>}
          <form className="pp-form" noValidate onSubmit={submit} aria-label={title}>
            <p className="pp-subtitle">{translate('reset.account', { email: phase.email })}</p>
            {/* Lets password managers file the new password under the right account. */}
            <input type="email" name="username" autoComplete="username" value={phase.email} readOnly hidden />
            <FormFields
              form={form}
              errors={errors}
              fields={[
                { name: 'current', label: translate('reset.currentPassword'), type: 'password', autoComplete: 'current-password' },
                ...newPasswordFields(translate, 'reset', values.next),
              ]}
            />
            <Button type="submit" busy={busy} disabled={!valid} block>
              {translate(busy ? 'reset.submitting' : 'reset.submit')}
            </Button>
          </form>
        </PublicFrame>
      );
  }
}
