// GDPR acceptance (spec sections 2, 4, 6): one accept button, hidden once accepted, never for internal users.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { GdprBanner } from '../../../src/layout/GdprBanner';
import { session } from '../../../src/dataProvider/session';
import { publisher } from '../../support/builders';
import { HttpResponse, apiError, apiUrl, http, recordRequests, setupMsw } from '../../support/msw';
import { renderWithAdmin, signIn } from '../../support/renderWithAdmin';

const server = setupMsw();
const requests = recordRequests(server);
const ACCEPTED_AT = '2026-11-22T09:30:00.000Z';

describe('GdprBanner', () => {
  it('asks an external user to accept, with no reject, and hides once accepted', async () => {
    server.use(
      http.patch(apiUrl('/external/publishers/:publisherId/accept-gdpr'), () => HttpResponse.json({ gdprAcceptedAt: ACCEPTED_AT })),
    );
    const atlas = publisher({ id: 201, name: 'Atlas News', gdprAcceptedAt: null });
    signIn({ publisher: atlas, publishers: [atlas, publisher({ id: 202, name: 'Sakura Press' })] });
    const { user } = await renderWithAdmin(<GdprBanner />);

    const banner = screen.getByRole('region', { name: 'Data protection (GDPR)' });
    expect(banner).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Accept']);
    // The terms it asks to accept, and whose acceptance it is (issue 21).
    expect(within(banner).getByRole('link', { name: /^Read the terms/ })).toHaveAttribute(
      'href',
      'https://www.adnetwork.example/legal/gdpr-data-processing-terms',
    );
    expect(within(banner).getByText('Publisher: Atlas News')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Data protection (GDPR)' })).not.toBeInTheDocument());
    expect(requests[0]?.url).toBe(apiUrl('/external/publishers/201/accept-gdpr'));
    expect(session.get().publisher?.gdprAcceptedAt).toBe(ACCEPTED_AT);
    expect(session.get().publishers.find((entry) => entry.id === 201)?.gdprAcceptedAt).toBe(ACCEPTED_AT);
  });

  it('stays, with the general error, when accepting fails', async () => {
    server.use(http.patch(apiUrl('/external/publishers/:publisherId/accept-gdpr'), () => apiError(500, 'INTERNAL_ERROR')));
    signIn({ publisher: publisher({ gdprAcceptedAt: null }) });
    const { user } = await renderWithAdmin(<GdprBanner />);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('is not shown when the publisher has accepted', async () => {
    signIn({ publisher: publisher({ gdprAcceptedAt: ACCEPTED_AT }) });
    await renderWithAdmin(<GdprBanner />);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('is never shown to internal users', async () => {
    signIn({ internal: true, publisher: publisher({ gdprAcceptedAt: null }) });
    await renderWithAdmin(<GdprBanner />);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });
});
