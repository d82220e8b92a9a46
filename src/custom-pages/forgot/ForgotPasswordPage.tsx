/**
 * /forgot (spec sections 2, 5, 8): asks for the account's e-mail and sends a temporary password. The server
 * answers the same for unknown addresses (no account discovery), so the success text says "if an account
 * exists". Failure: 'Something went wrong. Please check your email or try again.' Cancel returns to /login.
 * Header hidden (spec section 2).
 */
import { useState } from 'react';
import { forgotPassword } from '../../dataProvider/authApi';
import { useI18n } from '../../i18n/I18nContext';
import { emailError } from '../../lib/email';
import { EmailField, onValidSubmit, useCheckedField } from '../public/checkedField';
import { Button, Message, PageLink } from '../public/FormControls';
import { PublicFrame } from '../public/PublicFrame';
import { navigate } from '../public/navigation';
import { paths } from '../../routes';

type Outcome = { kind: 'sent'; email: string } | { kind: 'failed' } | null;

export function ForgotPasswordPage() {
  const { translate } = useI18n();
  // Filled in when a reset link that can no longer be used sent the user here (issue 21).
  const email = useCheckedField(() => new URLSearchParams(window.location.search).get('email')?.trim() ?? '', emailError);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = onValidSubmit(busy, [email], async () => {
    setBusy(true);
    setOutcome(null);
    try {
      await forgotPassword(email.value.trim());
      setOutcome({ kind: 'sent', email: email.value.trim() });
    } catch {
      setOutcome({ kind: 'failed' });
    } finally {
      setBusy(false);
    }
  });

  if (outcome?.kind === 'sent') {
    return (
      <PublicFrame title={translate('forgot.title')}>
        <Message tone="success">{translate('forgot.success', { email: outcome.email })}</Message>
        <PageLink to={paths.login}>{translate('forgot.backToLogin')}</PageLink>
      </PublicFrame>
    );
  }

  return (
    <PublicFrame title={translate('forgot.title')} subtitle={translate('forgot.subtitle')}>
      {outcome?.kind === 'failed' && <Message tone="error">{translate('forgot.failure')}</Message>}
      <form className="pp-form" noValidate onSubmit={submit} aria-label={translate('forgot.title')}>
        <EmailField label={translate('forgot.email')} field={email} />
        {/* Stacked full-width, as the submit of /login and /auth is. */}
        <Button type="submit" busy={busy} block>
          {translate(busy ? 'forgot.submitting' : 'forgot.submit')}
        </Button>
        <Button variant="secondary" onClick={() => navigate(paths.login)} block>
          {translate('forgot.cancel')}
        </Button>
      </form>
    </PublicFrame>
  );
}
