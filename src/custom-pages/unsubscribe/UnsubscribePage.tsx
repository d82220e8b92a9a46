/**
 * /unsubscribe?token=... (issue 23): the page an e-mail's unsubscribe link opens, without signing in. It asks
 * first and stops the e-mails on a click (a mail scanner that follows links must not unsubscribe anyone), then
 * says which e-mails of which publisher stopped and to which address. A link that is not valid, or has expired,
 * says so and points to the notification settings in the portal.
 */
import { useState } from 'react';
import { HttpError } from 'ra-core';
import { unsubscribe, type UnsubscribeResult } from '../../dataProvider/mailApi';
import { useI18n } from '../../i18n/I18nContext';
import { Button, Message, PageLink } from '../public/FormControls';
import { PublicFrame } from '../public/PublicFrame';
import { useSearch } from '../public/navigation';
import { paths } from '../../routes';

const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

type Outcome = { kind: 'done'; result: UnsubscribeResult } | { kind: 'invalid' } | { kind: 'expired' } | { kind: 'failed' } | null;

export function UnsubscribePage() {
  const { translate } = useI18n();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(TOKEN.test(token) ? null : { kind: 'invalid' });

  async function confirm() {
    if (busy) return;
    setBusy(true);
    try {
      setOutcome({ kind: 'done', result: await unsubscribe(token) });
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 0;
      setOutcome({ kind: status === 404 || status === 400 ? 'invalid' : status === 410 ? 'expired' : 'failed' });
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
      <p>{translate('unsubscribe.ask')}</p>
      <Button busy={busy} block onClick={() => void confirm()}>
        {translate(busy ? 'unsubscribe.working' : 'unsubscribe.confirm')}
      </Button>
    </PublicFrame>
  );
}
