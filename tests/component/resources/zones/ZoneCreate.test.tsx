// The new-zone form (spec sections 2 '/zones/new', 4 'New zone submission', 5 'New zone', 8): required name,
// type change clearing domains and services, app zones offering app products only, invalid entries named in a
// lasting notice with nothing sent, normalised domains sent, failure keeping everything typed, success to the
// overview with the created and review notices.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { ZoneCreate } from '../../../../src/resources/zones/ZoneCreate';
import { publisher } from '../../../support/builders';
import { HttpResponse, apiError, apiUrl, http, recordRequests, referenceHandlers, setupMsw } from '../../../support/msw';
import { SERVICES } from '../../../support/referenceData';
import { advance, useFakeTimeouts } from '../../../support/time';
import { serveZoneRequest } from './zoneApi';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';

const server = setupMsw(...referenceHandlers);
const requests = recordRequests(server);
const zoneRequests = () => requests.filter((request) => request.url.endsWith('/external/request'));

const answerCreate = (answer: () => Response | Promise<Response>) => serveZoneRequest(server, answer);

async function renderForm() {
  signIn({ publisher: publisher({ id: 101 }) });
  const view = await renderWithAdmin(<ZoneCreate />, {
    path: '/zones/new',
    routes: { '/zones/edit/:zoneId/overview': <h1>Zone overview</h1>, '/zones': <h1>Zone list</h1> },
  });
  await screen.findByRole('checkbox', { name: 'InImage' });
  return view;
}

const nameField = () => screen.getByRole('textbox', { name: 'Zone name' });
const domainsField = () => screen.getByRole('textbox', { name: /^Domains/ });
const addButton = () => screen.getByRole('button', { name: 'Add zone' });
const notices = () => screen.getByRole('log', { name: 'Notifications' });
/** Long entries are pasted, as people do with lists of domains (and typing them key by key is slow in a simulated DOM). */
async function paste(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
const checkedServices = () =>
  screen.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked).map((box) => box.closest('label')?.textContent);

describe('ZoneCreate', () => {
  it('keeps Add disabled until a name and domains are filled', async () => {
    const { user } = await renderForm();
    expect(addButton()).toBeDisabled();
    // Whose zone it will be (issue 21).
    expect(screen.getByText('Publisher: Solo Media')).toBeInTheDocument();
    await user.type(nameField(), 'Sports');
    expect(addButton()).toBeDisabled();
    await paste(user, domainsField(), 'example.com');
    expect(addButton()).toBeEnabled();
  });

  it('says the name limit as it is typed and refuses a longer name with its length instead of cutting it (issue 21)', async () => {
    const { user } = await renderForm();
    await user.type(nameField(), 'Sports');
    expect(nameField()).toHaveAccessibleDescription('6 of 255 characters');
    await paste(user, domainsField(), 'example.com');
    await paste(user, nameField(), 'x'.repeat(294));
    expect(nameField()).toHaveValue(`Sports${'x'.repeat(294)}`);
    expect(nameField()).toHaveAccessibleDescription('A name can have at most 255 characters: this one has 300.');
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(addButton()).toBeDisabled();
  });

  it('gives the required error for an empty or white-space name', async () => {
    const { user } = await renderForm();
    await paste(user, domainsField(), 'example.com');
    await user.type(nameField(), '   ');
    await user.tab();
    expect(nameField()).toHaveAccessibleDescription('Required');
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(addButton()).toBeDisabled();
    await user.type(nameField(), 'Sports');
    expect(nameField()).not.toHaveAttribute('aria-invalid', 'true');
    expect(addButton()).toBeEnabled();
  });

  it('clears the domains and services when the type changes, and relabels the entries field', async () => {
    const { user } = await renderForm();
    await paste(user, domainsField(), 'example.com');
    await user.click(screen.getByRole('checkbox', { name: 'InImage' }));
    await user.click(screen.getByRole('radio', { name: 'App' }));
    expect(screen.queryByRole('textbox', { name: /^Domains/ })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^App store URLs/ })).toHaveValue('');
    expect(checkedServices()).toEqual([]);
    await paste(user, screen.getByRole('textbox', { name: /^App store URLs/ }), 'https://apps.apple.com/us/app/x/id123');
    await user.click(screen.getByRole('checkbox', { name: 'Video' }));
    await user.click(screen.getByRole('radio', { name: 'Website' }));
    expect(domainsField()).toHaveValue('');
    expect(checkedServices()).toEqual([]);
  });

  it('offers app zones only the products allowed in apps', async () => {
    const { user } = await renderForm();
    const group = () => screen.getByRole('group', { name: 'Services to enable' });
    expect(within(group()).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'InImage',
      'InScreen',
      'InSlot',
      'In-Content',
      'InVideo',
      'Video',
    ]);
    await user.click(screen.getByRole('radio', { name: 'App' }));
    expect(within(group()).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['InSlot', 'InVideo', 'Video']);
    expect(screen.getByText('App zones offer only the products available in apps.')).toBeInTheDocument();
  });

  it('names an invalid domain in a notice that stays, and sends nothing', async () => {
    useFakeTimeouts();
    const { user } = await renderForm();
    await user.type(nameField(), 'Sports');
    await paste(user, domainsField(), 'example.com\nnot a domain\nlocalhost\nex_ample.com\nexample.org:8080\nexample.net.');
    await user.tab();
    const message = 'Invalid domain(s): not a domain, localhost, ex_ample.com, example.org:8080, example.net.';
    expect(await within(notices()).findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(domainsField()).toHaveAccessibleDescription(message));
    expect(addButton()).toBeDisabled();
    await user.type(nameField(), '{Enter}');
    await advance(60_000);
    expect(within(notices()).getByText(message)).toBeInTheDocument();
    expect(zoneRequests()).toHaveLength(0);

    // Fixing the entries takes the notice away.
    await user.clear(domainsField());
    await paste(user, domainsField(), 'example.com');
    await waitFor(() => expect(within(notices()).queryByText(message)).not.toBeInTheDocument());
  });

  it('names an invalid store URL of an app zone', async () => {
    const { user } = await renderForm();
    await user.click(screen.getByRole('radio', { name: 'App' }));
    await paste(user, screen.getByRole('textbox', { name: /^App store URLs/ }), 'https://example.com/app');
    await user.tab();
    expect(await within(notices()).findByText('Invalid app store URL(s): https://example.com/app')).toBeInTheDocument();
  });

  it('shows the normalised domains and sends them, with the type and the chosen services', async () => {
    answerCreate(() => HttpResponse.json({ trackingId: 9100 }, { status: 201 }));
    const { user, location } = await renderForm();
    await user.type(nameField(), '  Sports desk ');
    await paste(user, domainsField(), 'www.example.com\nhttps://WWW2.News.example.co.uk/page\nexample.com');
    const preview = screen.getByRole('list', { name: 'Will be saved as' });
    expect(within(preview).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['*.example.com', '*.news.example.co.uk']);
    await user.click(screen.getByRole('checkbox', { name: 'In-Content' }));
    await user.click(screen.getByRole('checkbox', { name: 'Video' }));
    await user.click(addButton());
    await waitFor(() => expect(location()).toBe('/zones/edit/9100/overview'));
    expect(zoneRequests()).toHaveLength(1);
    expect(await zoneRequests()[0]!.json()).toEqual({
      userId: expect.any(Number),
      publisherId: 101,
      name: 'Sports desk',
      domains: ['*.example.com', '*.news.example.co.uk'],
      typeId: 1,
      services: [14, 16],
    });
    expect(within(notices()).getByText('Zone created')).toBeInTheDocument();
    expect(
      within(notices()).getByText('Your new zone will be reviewed within 72 hours. After review and classification, ads appear within 5 minutes.'),
    ).toBeInTheDocument();
  });

  it('lets the review notice fade: it is information, not an error (issue 8)', async () => {
    useFakeTimeouts();
    answerCreate(() => HttpResponse.json({ trackingId: 9101 }, { status: 201 }));
    const { user, location } = await renderForm();
    await user.type(nameField(), 'Sports');
    await paste(user, domainsField(), 'example.com');
    await user.click(addButton());
    await waitFor(() => expect(location()).toBe('/zones/edit/9101/overview'));
    const review = 'Your new zone will be reviewed within 72 hours. After review and classification, ads appear within 5 minutes.';
    expect(within(notices()).getByText(review)).toBeInTheDocument();
    await advance(9_000);
    expect(within(notices()).getByText(review)).toBeInTheDocument();
    await advance(1_000);
    expect(within(notices()).queryByText(review)).not.toBeInTheDocument();
  });

  it('sends app-store URLs as typed with type 3', async () => {
    answerCreate(() => HttpResponse.json({ trackingId: 9101 }, { status: 201 }));
    const { user, location } = await renderForm();
    await user.type(nameField(), 'My app');
    await user.click(screen.getByRole('radio', { name: 'App' }));
    await paste(user, screen.getByRole('textbox', { name: /^App store URLs/ }), 'https://play.google.com/store/apps/details?id=com.example.app');
    await user.click(screen.getByRole('checkbox', { name: 'InSlot' }));
    await user.click(addButton());
    await waitFor(() => expect(location()).toBe('/zones/edit/9101/overview'));
    expect(await zoneRequests()[0]!.json()).toMatchObject({
      domains: ['https://play.google.com/store/apps/details?id=com.example.app'],
      typeId: 3,
      services: [13],
    });
  });

  it('keeps everything typed and shows the create failure that stays when the call fails', async () => {
    useFakeTimeouts();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    answerCreate(async () => {
      await held;
      return apiError(500, 'INTERNAL_ERROR');
    });
    const { user, location } = await renderForm();
    await user.type(nameField(), 'Sports');
    await paste(user, domainsField(), 'example.com');
    await user.click(screen.getByRole('checkbox', { name: 'InImage' }));
    await user.click(addButton());
    // While saving: the button says so and stays disabled, the fields are locked.
    expect(await screen.findByRole('button', { name: 'Adding zone…' })).toBeDisabled();
    expect(nameField()).toBeDisabled();
    expect(within(notices()).getByText('Creating zone')).toBeInTheDocument();
    release();
    expect(await within(notices()).findByText('Cannot create Zone, please try again later.')).toBeInTheDocument();
    expect(location()).toBe('/zones/new');
    expect(nameField()).toHaveValue('Sports');
    expect(domainsField()).toHaveValue('example.com');
    expect(checkedServices()).toEqual(['InImage']);
    expect(await screen.findByRole('button', { name: 'Add zone' })).toBeEnabled();
    await advance(60_000);
    expect(within(notices()).getByText('Cannot create Zone, please try again later.')).toBeInTheDocument();
  });

  it('marks the entry a 400 answer names (domains/<i>) as typed', async () => {
    answerCreate(() =>
      HttpResponse.json(
        { code: 'VALIDATION_FAILED', message: 'invalid', details: [{ field: '/body/domains/1', message: 'not allowed', value: '*.blocked-site.com' }] },
        { status: 400 },
      ),
    );
    const { user } = await renderForm();
    await user.type(nameField(), 'Sports');
    await paste(user, domainsField(), 'example.com\nwww.blocked-site.com');
    await user.click(addButton());
    expect(await within(notices()).findByText('Cannot create Zone, please try again later.')).toBeInTheDocument();
    expect(within(notices()).getByText('Invalid domain(s): www.blocked-site.com')).toBeInTheDocument();
    expect(domainsField()).toHaveAccessibleDescription('Invalid domain(s): www.blocked-site.com');
    expect(addButton()).toBeDisabled();
    await user.clear(domainsField());
    await paste(user, domainsField(), 'example.com');
    expect(addButton()).toBeEnabled();
  });

  it('shows a retry when the services cannot be loaded', async () => {
    let fail = true;
    server.use(http.get(apiUrl('/external/services'), () => (fail ? apiError(500, 'INTERNAL_ERROR') : HttpResponse.json(SERVICES))));
    signIn({ publisher: publisher({ id: 101 }) });
    const { user } = await renderWithAdmin(<ZoneCreate />, { path: '/zones/new' });
    expect(await screen.findByText('The services could not be loaded.', {})).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'Video' })).toBeInTheDocument();
  }, 15_000);

  it('goes back to the list on cancel', async () => {
    const { user, location } = await renderForm();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(location()).toBe('/zones');
  });
});
