// The header's alerts control (issue 23) in English and Japanese: the unread count of the selected publisher in
// its name and badge, a link to the alerts, and a polite announcement when a new alert arrives while the page is
// open (none on the first load).
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useRefresh } from 'react-admin';
import { AlertsControl } from '../../../../src/resources/alerts';
import type { Locale } from '../../../../src/i18n/locales';
import { publisher } from '../../../support/builders';
import { apiUrl, http, HttpResponse, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';

const server = setupMsw();

function serveCounts(...counts: number[]) {
  let call = 0;
  server.use(
    http.get(apiUrl('/external/publishers/:publisherId/alert-summary'), ({ params }) =>
      HttpResponse.json({ publisherId: Number(params.publisherId), unread: counts[Math.min(call++, counts.length - 1)] }),
    ),
  );
}

/** Reads everything again, as the control's poll or the window's focus does. */
function Refresh() {
  const refresh = useRefresh();
  return (
    <button type="button" onClick={refresh}>
      refresh
    </button>
  );
}

async function render(locale: Locale = 'en') {
  signIn({ publisher: publisher({ name: 'Atlas News' }) });
  return renderWithAdmin(
    <>
      <AlertsControl />
      <Refresh />
    </>,
    { path: '/home/reporting', locale },
  );
}

describe('AlertsControl', () => {
  it('links to the alerts with the unread count, and announces a new alert, not the first count', async () => {
    serveCounts(2, 3);
    const view = await render();
    const link = await screen.findByRole('link', { name: 'Alerts: 2 unread' });
    expect(link).toHaveAttribute('href', '/alerts');
    expect(link).toHaveTextContent('2');
    expect(screen.getByRole('status')).toHaveTextContent('');
    await view.user.click(screen.getByRole('button', { name: 'refresh' }));
    expect(await screen.findByRole('link', { name: 'Alerts: 3 unread' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 new alert');
  });

  it('says none are unread, and stays quiet when the count falls', async () => {
    serveCounts(1, 0);
    const view = await render();
    await screen.findByRole('link', { name: 'Alerts: 1 unread' });
    await view.user.click(screen.getByRole('button', { name: 'refresh' }));
    expect(await screen.findByRole('link', { name: 'Alerts: none unread' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('speaks Japanese', async () => {
    serveCounts(2, 4);
    const view = await render('ja');
    expect(await screen.findByRole('link', { name: 'アラート：未読2件' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'refresh' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('新しいアラートが2件あります'));
    expect(screen.getByRole('link', { name: 'アラート：未読4件' })).toBeInTheDocument();
  });
});
