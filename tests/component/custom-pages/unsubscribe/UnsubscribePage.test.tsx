// The unsubscribe page of the alert e-mails (issue 23), without signing in: it asks first, then says what stopped;
// an invalid or expired link says so.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { UnsubscribePage } from '../../../../src/custom-pages/unsubscribe/UnsubscribePage';
import { apiError, apiUrl, http, HttpResponse, recordRequests, setupMsw } from '../../../support/msw';
import { renderPublicPage } from '../../../support/renderPublicPage';

const server = setupMsw();
const requests = recordRequests(server);
const TOKEN = 'eyJwdXJwb3NlIjoidW5zdWJzY3JpYmUifQ.c2lnbmF0dXJlLW9mLXRoZS1saW5r';

describe('UnsubscribePage', () => {
  it('names the e-mails, the publisher and the address before stopping anything, then says which stopped for whom', async () => {
    server.use(
      http.post(apiUrl('/mail/unsubscribe'), () => HttpResponse.json({ list: 'WEEKLY_SUMMARY', publisherName: 'Atlas News', email: 'multi@publisher.example', language: 'en' })),
    );
    const { user } = await renderPublicPage(<UnsubscribePage />, { path: `/unsubscribe?token=${TOKEN}` });
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeInTheDocument();
    // Issue 30: asked with the list, publisher and address named, read by a preview that stops nothing.
    expect(await screen.findByText('Stop the weekly summary of Atlas News sent to multi@publisher.example?')).toBeInTheDocument();
    expect(await requests[0]!.json()).toEqual({ token: TOKEN, preview: true });
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('Done: multi@publisher.example will no longer receive the weekly summary of Atlas News.')).toBeInTheDocument();
    expect(await requests[1]!.json()).toEqual({ token: TOKEN, preview: false });
    expect(requests[1]!.headers.get('authorization')).toBeNull();
  });

  it('opens in the language of the e-mail (issue 30)', async () => {
    server.use(http.post(apiUrl('/mail/unsubscribe'), () => HttpResponse.json({ list: 'ALERT_EMAILS', publisherName: 'Atlas News', email: 'multi@publisher.example', language: 'es' })));
    await renderPublicPage(<UnsubscribePage />, { path: `/unsubscribe?token=${TOKEN}` });
    expect(
      await screen.findByText('¿Dejar de enviar a multi@publisher.example lo siguiente de Atlas News: correos de alertas de ingresos?'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Darse de baja' })).toBeInTheDocument();
  });

  it('says when the link has expired, or is not valid, before asking', async () => {
    server.use(http.post(apiUrl('/mail/unsubscribe'), () => apiError(410, 'LINK_EXPIRED')));
    await renderPublicPage(<UnsubscribePage />, { path: `/unsubscribe?token=${TOKEN}` });
    expect(await screen.findByText(/This unsubscribe link has expired/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('says a link without a token is not valid, without asking the server', async () => {
    await renderPublicPage(<UnsubscribePage />, { path: '/unsubscribe' });
    expect(screen.getByText(/This unsubscribe link is not valid/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to the portal' })).toHaveAttribute('href', '/login');
    expect(requests).toEqual([]);
  });
});
