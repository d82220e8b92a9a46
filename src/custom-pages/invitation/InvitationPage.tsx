/**
 * /invitation, the page of an e-mailed invitation link (issue 22: tk and ue in the address). The link is checked
 * first (used, revoked or for another e-mail: not valid; past its 7 days: expired); then a new invitee chooses a
 * name and a password under the product's rules, and someone with an account confirms with its password. After
 * joining, the page sends them to sign in, the e-mail filled in: the sign-in is the usual one (with its second
 * factor, or the set-up a team requires). A failed submit keeps what was typed. Public: drawn by the light shell.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import { acceptInvitation, checkInvitation, type InvitationDetails } from '../../dataProvider/authApi';
import { keyByErrorCode } from '../../dataProvider/client';
import { useI18n } from '../../i18n/I18nContext';
import { loginPasswordError, validateNewPassword } from '../../lib/password';
import { Button, Message, PageLink } from '../public/FormControls';
import { FormFields, newPasswordFields, useFormValues } from '../public/FormFields';
import { CheckingFrame, PublicFrame } from '../public/PublicFrame';
import { navigate, useSearch } from '../public/navigation';
import { paths } from '../../routes';
import { displayNameError } from '../../lib/displayName';

interface Link {
  tk: string;
  ue: string;
}

type Phase =
  | { kind: 'incomplete' | 'invalid' | 'expired' | 'checkFailed' }
  | { kind: 'checking'; link: Link }
  | { kind: 'form'; link: Link; invitation: InvitationDetails }
  | { kind: 'done'; invitation: InvitationDetails };

function readLink(search: string): Link | null {
  const params = new URLSearchParams(search);
  const tk = params.get('tk')?.trim() ?? '';
  const ue = params.get('ue')?.trim() ?? '';
  return tk === '' || ue === '' ? null : { tk, ue };
}

/** The page for a refused link: 410 expired, 404 not valid (used, revoked, another e-mail), else the general error. */
function refusal(error: unknown): 'invalid' | 'expired' | null {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 410 ? 'expired' : status === 404 ? 'invalid' : null;
}

/** What a refused join says (the wrong password of an existing account, its lock, a member already). */
const acceptFailureKey = keyByErrorCode({
  INVALID_CREDENTIALS: 'invitation.wrongPassword',
  ACCOUNT_LOCKED: 'auth.accountLocked',
  TOO_MANY_ATTEMPTS: 'auth.tooManyAttempts',
  ALREADY_EXISTS: 'invitation.alreadyMember',
});

export function InvitationPage() {
  const { translate } = useI18n();
  const search = useSearch();
  const [phase, setPhase] = useState<Phase>(() => {
    const link = readLink(search);
    return link ? { kind: 'checking', link } : { kind: 'incomplete' };
  });
  const form = useFormValues({ name: '', next: '', confirm: '', password: '' });
  const { values } = form;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const firstField = useRef<HTMLInputElement>(null);

  const checking = phase.kind === 'checking' ? phase.link : null;
  useEffect(() => {
    if (!checking) return undefined;
    let current = true;
    checkInvitation(checking).then(
      (invitation) => current && setPhase({ kind: 'form', link: checking, invitation }),
      (error: unknown) => current && setPhase({ kind: refusal(error) ?? 'checkFailed' }),
    );
    return () => {
      current = false;
    };
  }, [checking]);

  const title = translate('invitation.title');
  switch (phase.kind) {
    case 'incomplete':
    case 'invalid':
    case 'expired':
    case 'checkFailed':
      return (
        <PublicFrame title={title}>
          <Message tone="error">{translate(phase.kind === 'checkFailed' ? 'errorMessages.general' : `invitation.${phase.kind}`)}</Message>
          <PageLink to={paths.login}>{translate('forgot.backToLogin')}</PageLink>
        </PublicFrame>
      );
    case 'checking':
      return <CheckingFrame title={title} label={translate('invitation.checking')} />;
    case 'done': {
      const signIn = `${paths.login}?email=${encodeURIComponent(phase.invitation.email)}`;
      return (
        <PublicFrame title={title}>
          <Message tone="success">{translate('invitation.success', { publisher: phase.invitation.publisher })}</Message>
          <Button onClick={() => navigate(signIn)} block>
            {translate('invitation.signIn')}
          </Button>
        </PublicFrame>
      );
    }
    case 'form':
      break;
  }

  const { invitation, link } = phase;
  const existing = invitation.accountExists;
  const errors: Partial<Record<keyof typeof values, string>> = existing
    ? { password: loginPasswordError(values.password) }
    : { name: displayNameError(values.name), ...validateNewPassword(values) };
  const valid = Object.values(errors).every((error) => error === undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || phase.kind !== 'form') return;
    form.touchAll();
    if (!valid) {
      firstField.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await acceptInvitation(existing ? { ...link, password: values.password } : { ...link, name: values.name.trim(), newPassword: values.next });
      setPhase({ kind: 'done', invitation });
    } catch (error) {
      const gone = refusal(error);
      if (gone) {
        setPhase({ kind: gone });
        return;
      }
      setFailure(acceptFailureKey(error) ?? 'errorMessages.general');
    } finally {
      setBusy(false);
    }
  }

  const role = translate(`roles.${invitation.role}`);
  return (
    <PublicFrame title={title} subtitle={translate('invitation.intro', { publisher: invitation.publisher, role })}>
      {failure && <Message tone="error">{translate(failure, { email: getRuntimeConfig().supportEmail })}</Message>}
      <form className="pp-form" noValidate onSubmit={submit} aria-label={title}>
        <p className="pp-subtitle">
          {translate('invitation.account', { email: invitation.email })} {translate(existing ? 'invitation.existingAccount' : 'invitation.newAccount')}
        </p>
        <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
        <FormFields
          form={form}
          errors={errors}
          firstRef={firstField}
          fields={
            existing
              ? [{ name: 'password', label: translate('invitation.password'), type: 'password', autoComplete: 'current-password' }]
              : [{ name: 'name', label: translate('invitation.name'), autoComplete: 'name' }, ...newPasswordFields(translate, 'invitation', values.next)]
          }
        />
        <Button type="submit" busy={busy} disabled={!existing && !valid} block>
          {translate(busy ? 'invitation.submitting' : 'invitation.submit', { publisher: invitation.publisher })}
        </Button>
      </form>
    </PublicFrame>
  );
}
