/**
 * The set-up a team requires, during sign-in (issue 22): after the password, a member of a team that requires
 * two-factor sign-in without it gets a new secret (the QR code drawn in the browser, and the key as text), types
 * the app's first code, and is then signed in and shown the 10 recovery codes once (RecoveryCodesStep). On a
 * phone, which cannot scan its own screen, the key is copied with a button or added through its otpauth:// link
 * (issue 30).
 */
import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/I18nContext';
import { startSecondFactorSetup, type SecondFactorChallenge, type TwoFactorSetup } from '../../dataProvider/authApi';
import { QrCode, groupedSecret } from '../../components/QrCode';
import { Busy, Button, Message, TextField } from '../public/FormControls';
import { useCodeForm } from './useCodeForm';
import { isAppCode } from '../../lib/secondFactorCode';

export interface SetupStepProps {
  challenge: SecondFactorChallenge;
  /** Turns it on with the first code and signs in; rejects with an Error whose message is an i18n key. */
  confirm: (code: string) => Promise<void>;
  onRestart: (message?: string) => void;
}

export function SetupStep({ challenge, confirm, onRestart }: SetupStepProps) {
  const { translate } = useI18n();
  const [setup, setSetup] = useState<TwoFactorSetup | 'failed' | null>(null);
  const { field, busy, failure, submit } = useCodeForm(isAppCode, confirm, onRestart);

  // An auth call whose answer only this step needs (as the reset page's link check): no react-query here.
  useEffect(() => {
    let current = true;
    startSecondFactorSetup(challenge.token).then(
      (answer) => current && setSetup(answer),
      (error: unknown) => {
        if (!current) return;
        const expired = typeof error === 'object' && error !== null && (error as { body?: { code?: string } }).body?.code === 'CHALLENGE_EXPIRED';
        if (expired) onRestart('auth.challengeExpired');
        else setSetup('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [challenge.token, onRestart]);

  if (setup === null) return <Busy label={translate('security.setup.loading')} />;
  if (setup === 'failed') {
    return (
      <>
        <Message tone="error">{translate('errorMessages.general')}</Message>
        <button type="button" className="pp-text-button" onClick={() => onRestart()}>
          {translate('login.secondFactor.back')}
        </button>
      </>
    );
  }
  return (
    <>
      <p className="pp-subtitle">{translate('login.secondFactor.setupIntro')}</p>
      {failure && <Message tone="error">{translate(failure)}</Message>}
      <p>{translate('security.setup.scan')}</p>
      <div className="pp-qr">
        <QrCode value={setup.otpauthUri} alt={translate('security.setup.qrAlt')} failedText={translate('security.setup.qrFailed')} />
      </div>
      <p>
        {translate('security.setup.onThisDevice')} <a href={setup.otpauthUri}>{translate('security.setup.openApp')}</a>
      </p>
      <p>{translate('security.setup.manual')}</p>
      <p className="pp-secret" aria-label={translate('security.setup.key')}>
        {groupedSecret(setup.secret)}
      </p>
      <CopyKey secret={setup.secret} />
      <form className="pp-form" noValidate onSubmit={submit} aria-label={translate('login.secondFactor.setupTitle')}>
        <TextField
          label={translate('security.setup.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          {...field.props}
          description={<span className="pp-field-help">{translate('security.setup.codeHelp')}</span>}
        />
        <Button type="submit" busy={busy} block>
          {translate('security.setup.confirm')}
        </Button>
        <button type="button" className="pp-text-button" onClick={() => onRestart()}>
          {translate('login.secondFactor.back')}
        </button>
      </form>
    </>
  );
}

/** Copies the key as the app takes it (without the grouping spaces), and says whether it worked. */
function CopyKey({ secret }: { secret: string }) {
  const { translate } = useI18n();
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <>
      {/* Without a clipboard (a page not served over https) the call itself throws: said as a failure too. */}
      <Button variant="secondary" onClick={() => void Promise.resolve().then(() => navigator.clipboard.writeText(secret)).then(() => setCopied(true), () => setCopied(false))}>
        {translate('security.setup.copyKey')}
      </Button>
      {copied !== null && <Message tone={copied ? 'success' : 'error'}>{translate(copied ? 'common.copied' : 'common.copyFailed')}</Message>}
    </>
  );
}

export interface RecoveryCodesStepProps {
  codes: string[];
  onContinue: () => void;
}

/** The 10 recovery codes, shown once, with copy and download; then on into the portal. */
export function RecoveryCodesStep({ codes, onContinue }: RecoveryCodesStepProps) {
  const { translate } = useI18n();
  const [copied, setCopied] = useState<boolean | null>(null);
  const text = codes.join('\n');

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'publisher-portal-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <>
      <h2 className="pp-step-title">{translate('security.recovery.title')}</h2>
      <p className="pp-subtitle">{translate('security.recovery.intro')}</p>
      <ul className="pp-codes" aria-label={translate('security.recovery.listLabel')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      {copied !== null && <Message tone={copied ? 'success' : 'error'}>{translate(copied ? 'common.copied' : 'common.copyFailed')}</Message>}
      <div className="pp-row">
        <Button variant="secondary" onClick={() => void copy()}>
          {translate('security.recovery.copy')}
        </Button>
        <Button variant="secondary" onClick={download}>
          {translate('security.recovery.download')}
        </Button>
      </div>
      <Button onClick={onContinue} block>
        {translate('login.secondFactor.continue')}
      </Button>
    </>
  );
}
