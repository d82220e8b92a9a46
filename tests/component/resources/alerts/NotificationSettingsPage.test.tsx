// The notification settings (issue 23): the user's threshold, alert e-mails, ads.txt alert e-mails (issue 27) and
// weekly summary for the selected publisher, saved with the console's language; a threshold out of range is said and not sent; a failed save
// keeps what the user chose.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { NotificationSettingsPage } from '../../../../src/resources/alerts';
import { publisher } from '../../../support/builders';
import { apiError, apiUrl, http, HttpResponse, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';

const server = setupMsw();
const requests = recordRequests(server);
const SAVED = { publisherId: 101, thresholdPercent: 30, alertEmails: false, adsTxtEmails: false, weeklySummary: 'OFF', language: 'en', email: 'multi@publisher.example', lastSummaryWeek: null };

async function open(locale: 'en' | 'fr' = 'en') {
  server.use(
    http.get(apiUrl('/external/publishers/:publisherId/notification-settings'), () => HttpResponse.json(SAVED)),
    http.put(apiUrl('/external/publishers/:publisherId/notification-settings'), async ({ request }) =>
      HttpResponse.json({ ...SAVED, ...((await request.json()) as object), lastSummaryWeek: '2026-11-16' }),
    ),
  );
  signIn({ publisher: publisher({ name: 'Atlas News' }) });
  return renderWithAdmin(<NotificationSettingsPage />, { path: '/account-settings/notifications', locale });
}
const puts = () => requests.filter((request) => request.method === 'PUT');

describe('NotificationSettingsPage', () => {
  it('saves the threshold, the alert e-mails and the weekly summary, with the console’s language', async () => {
    const view = await open('fr');
    const threshold = await screen.findByRole('textbox', { name: 'Seuil d’alerte (%)' });
    await view.user.clear(threshold);
    await view.user.type(threshold, '45');
    await view.user.click(screen.getByRole('switch', { name: 'M’envoyer les nouvelles alertes par e-mail' }));
    await view.user.click(screen.getByRole('radio', { name: 'Par e-mail, avec le CSV en pièce jointe' }));
    await view.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Réglages de notifications enregistrés')).toBeInTheDocument();
    expect(await puts()[0]!.json()).toEqual({ thresholdPercent: 45, alertEmails: true, adsTxtEmails: false, weeklySummary: 'ATTACHMENT', language: 'fr' });
    expect(new URL(puts()[0]!.url).pathname).toBe('/external/publishers/101/notification-settings');
  });

  it('turns the ads.txt alert e-mails on by themselves, saying where they go (issue 27)', async () => {
    const view = await open('fr');
    expect(await screen.findByText(/Dès que le moniteur ads\.txt trouve un site de cet éditeur.*multi@publisher\.example/)).toBeInTheDocument();
    const adsTxt = screen.getByRole('switch', { name: 'M’avertir par e-mail quand un site n’est plus autorisé dans ads.txt' });
    expect(adsTxt).not.toBeChecked();
    await view.user.click(adsTxt);
    await view.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Réglages de notifications enregistrés')).toBeInTheDocument();
    expect(await puts()[0]!.json()).toEqual({ thresholdPercent: 30, alertEmails: false, adsTxtEmails: true, weeklySummary: 'OFF', language: 'fr' });
  });

  it('says a threshold out of range and sends nothing', async () => {
    const view = await open();
    const threshold = await screen.findByRole('textbox', { name: 'Alert threshold (%)' });
    await view.user.clear(threshold);
    await view.user.type(threshold, '95');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a whole number from 20 to 90.')).toBeInTheDocument();
    expect(puts()).toEqual([]);
  });

  it('keeps what the user chose when the save fails', async () => {
    const view = await open();
    server.use(http.put(apiUrl('/external/publishers/:publisherId/notification-settings'), () => apiError(500, 'INTERNAL_ERROR')));
    await view.user.click(await screen.findByRole('radio', { name: 'By e-mail, with a link to the CSV' }));
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'By e-mail, with a link to the CSV' })).toBeChecked();
  });
});
