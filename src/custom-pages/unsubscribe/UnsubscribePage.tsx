/**
 * /unsubscribe?token=... (issue 23): the page an e-mail's unsubscribe link opens, without signing in. It reads
 * first what the link stops (a preview, which changes nothing) and opens in the e-mails' language, asking whether
 * to stop those e-mails of that publisher to that address (issue 30); it stops them on a click (a mail scanner that
 * follows links must not unsubscribe anyone), then says which e-mails of which publisher stopped and to which
 * address. A link that is not valid, or has expired,
 * says so and points to the notification settings in the portal.
 */
import { useEffect, useState } from 'react';
import { HttpError } from 'ra-core';
import { unsubscribe, type UnsubscribeResult } from '../../dataProvider/mailApi';
import { useI18n } from '../../i18n/I18nContext';
import { Button, Message, PageLink } from '../public/FormControls';
import { PublicFrame } from '../public/PublicFrame';
import { useSearch } from '../public/navigation';
import { paths } from '../../routes';

const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

type Outcome = { kind: 'done'; result: UnsubscribeResult } | { kind: 'invalid' } | { kind: 'expired' } | { kind: 'failed' } | null;

const failure = (error: unknown): Exclude<Outcome, null | { kind: 'done' }> => {
  const status = error instanceof HttpError ? error.status : 0;
  return { kind: status === 404 || status === 400 ? 'invalid' : status === 410 ? 'expired' : 'failed' };
};

export function UnsubscribePage() {
  const { translate, locale, setLocale } = useI18n();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const valid = TOKEN.test(token);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(valid ? null : { kind: 'invalid' });
  // What the link stops, read before asking; undefined while it is read, null when reading it failed.
  const [preview, setPreview] = useState<UnsubscribeResult | null | undefined>(valid ? undefined : null);

  useEffect(() => {
    if (!valid) return;
    let current = true;
    unsubscribe(token, { preview: true }).then(
      (result) => current && setPreview(result),
      (error: unknown) => {
        if (!current) return;
        setPreview(null);
        const reason = failure(error);
        // A link that is not valid or has expired says so at once; another failure still lets the user try.
        if (reason.kind !== 'failed') setOutcome(reason);
      },
    );
    return () => {
      current = false;
    };
  }, [token, valid]);
  // The page speaks the e-mail's language (issue 30).
  const language = preview?.language;
  useEffect(() => {
    if (language && language !== locale) void setLocale(language);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer: the user may switch language after
  }, [language]);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    try {
      setOutcome({ kind: 'done', result: await unsubscribe(token) });
    } catch (error) {
      setOutcome(failure(error));
    } finally {
      setBusy(false);
    }
  }

  const title = translate('unsubscribe.title');
  if (outcome?.kind === 'done') {
    const { list, publisherName, email } = outcome.result;
    return (
      <PublicFrame title={title}>
        <Message tone="success">{translate('unsubscribe.done', { email, publisher: publisherName, list: translate(`unsubscribe.lists.${list}`) })}</Message>
        <p>{translate('unsubscribe.again')}</p>
        <PageLink to={paths.login}>{translate('unsubscribe.signIn')}</PageLink>
      </PublicFrame>
    );
  }
  if (outcome?.kind === 'invalid' || outcome?.kind === 'expired') {
    return (
      <PublicFrame title={title}>
        <Message tone="error">{translate(`unsubscribe.${outcome.kind}`)}</Message>
        <PageLink to={paths.login}>{translate('unsubscribe.signIn')}</PageLink>
      </PublicFrame>
    );
  }
  return (
    <PublicFrame title={title}>
      {outcome?.kind === 'failed' && <Message tone="error">{translate('errorMessages.general')}</Message>}
      <p role="status">
        {preview === undefined
          ? translate('unsubscribe.checking')
          : preview
            ? translate('unsubscribe.askNamed', { list: translate(`unsubscribe.lists.${preview.list}`), publisher: preview.publisherName, email: preview.email })
            : translate('unsubscribe.ask')}
      </p>
      <Button busy={busy} block disabled={preview === undefined} onClick={() => void confirm()}>
        {translate(busy ? 'unsubscribe.working' : 'unsubscribe.confirm')}
      </Button>
    </PublicFrame>
  );
}
