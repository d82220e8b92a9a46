// The signed-in layout: publisher required, environment banner, footer links, maintenance notice and the
// header's language switcher (spec sections 1, 2, 4, 8).
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { EXTERNAL_LINKS } from '../../../src/config/externalLinks';
import { PageLayout } from '../../../src/components/PageLayout';
import { PortalLayout } from '../../../src/layout/PortalLayout';
import { legacyPublisher, publisher } from '../../support/builders';
import { apiUrl, http, HttpResponse, layoutHandlers, setupMsw } from '../../support/msw';
import { renderWithAdmin, signIn } from '../../support/renderWithAdmin';
import { session } from '../../../src/dataProvider/session';

// The layout's own reads (the alerts count, the publisher again) as stored, unless a test says otherwise.
const server = setupMsw(...layoutHandlers(() => session.get().publisher));

const accepted = { gdprAcceptedAt: '2024-01-01T00:00:00.000Z' };
const page = (
  <PortalLayout>
    <PageLayout titleKey="zones.title" />
  </PortalLayout>
);

async function renderLayout(options: Parameters<typeof renderWithAdmin>[1] = {}) {
  return renderWithAdmin(page, { path: '/zones', routes: { '/browse': <h1>Chooser</h1> }, ...options });
}

describe('PortalLayout', () => {
  it('sends a user without a selected publisher to /browse', async () => {
    signIn();
    const { location } = await renderLayout();
    expect(await screen.findByRole('heading', { name: 'Chooser' })).toBeInTheDocument();
    expect(location()).toBe('/browse');
  });

  it('has banner, navigation, main and footer landmarks around the page title', async () => {
    signIn({ publisher: publisher(accepted) });
    await renderLayout();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1, name: 'Zones' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(document.title).toBe('Zones · Publisher Portal');
  });

  it('leads past the header and menu with a skip link, the first thing on the page, to the main landmark', async () => {
    signIn({ publisher: publisher(accepted) });
    await renderLayout();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    const main = screen.getByRole('main');
    expect(skip).toHaveAttribute('href', `#${main.id}`);
    expect(main).toHaveAttribute('tabindex', '-1');
    expect(skip.compareDocumentPosition(screen.getByRole('banner')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows 'Development' or 'Staging' in the header, nothing in production", async () => {
    signIn({ publisher: publisher(accepted) });
    const { unmount } = await renderLayout({ config: { environment: 'staging' } });
    expect(within(screen.getByRole('banner')).getByText('Staging')).toBeInTheDocument();
    unmount();
    await renderLayout({ config: { environment: 'production' } });
    expect(within(screen.getByRole('banner')).queryByText(/Staging|Development/)).not.toBeInTheDocument();
  });

  it.each([
    ['created before the cut-off', publisher({ ...accepted, createdAt: '2021-03-14T00:00:00.000Z' }), EXTERNAL_LINKS.publisherTerms.original],
    ['created after the cut-off', publisher({ ...accepted, createdAt: '2023-01-05T00:00:00.000Z' }), EXTERNAL_LINKS.publisherTerms.current],
    ['legacy just premium', legacyPublisher({ ...accepted, createdAt: '2019-01-01T00:00:00.000Z' }), EXTERNAL_LINKS.publisherTerms.current],
  ])('links the publisher terms that apply to a publisher %s', async (_case, selected, expected) => {
    signIn({ publisher: selected });
    await renderLayout({ config: { faqUrl: 'https://help.example/faq' } });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: /Publisher terms/ })).toHaveAttribute('href', expected);
    expect(within(footer).getByRole('link', { name: /FAQs/ })).toHaveAttribute('href', 'https://help.example/faq');
    expect(within(footer).getByRole('link', { name: /Opt-out/ })).toHaveAttribute('href', EXTERNAL_LINKS.optOut);
    expect(within(footer).getByRole('link', { name: /Privacy policy/ })).toHaveAttribute('href', EXTERNAL_LINKS.privacyPolicy);
    expect(within(footer).getByText(/General Data Protection Regulation/)).toBeInTheDocument();
  });

  it("shows 'Under Maintenance' until 'Understood' when maintenance is on", async () => {
    signIn({ publisher: publisher(accepted) });
    const { user } = await renderLayout({ config: { maintenance: true } });
    const dialog = await screen.findByRole('dialog', { name: 'Under Maintenance' });
    await user.click(within(dialog).getByRole('button', { name: 'Understood' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('collapses and expands the side menu from the header', async () => {
    signIn({ publisher: publisher(accepted) });
    const { user } = await renderLayout();
    const toggle = screen.getByRole('button', { name: 'Collapse menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Zones' })).not.toHaveTextContent('Zones');
  });

  it('switches the portal to Japanese from the header, sets <html lang> and the cookie', async () => {
    signIn({ publisher: publisher(accepted) });
    const { user } = await renderLayout();
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(screen.getByRole('menuitem', { name: '日本語' }));
    expect(await screen.findByRole('navigation', { name: 'メインナビゲーション' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'ゾーン' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1, name: 'ゾーン' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ja');
    expect(document.cookie).toContain('portal_lang=ja');
  });

  it('follows a role changed on the server: the menu drops what the role may no longer open (issue 22)', async () => {
    signIn({ publisher: publisher(accepted) });
    server.use(http.get(apiUrl('/external/publishers/:publisherId'), () => HttpResponse.json(publisher({ ...accepted, role: 'VIEWER' }))));
    await renderLayout();
    const menu = () => within(screen.getByRole('navigation', { name: 'Main navigation' }));
    await waitFor(() => expect(menu().queryByRole('link', { name: 'Payments' })).not.toBeInTheDocument());
    expect(menu().getByRole('link', { name: 'Zones' })).toBeInTheDocument();
    expect(menu().queryByRole('link', { name: 'Billing' })).not.toBeInTheDocument();
    expect(session.get().publisher?.role).toBe('VIEWER');
  });

  describe('a member removed from the team meanwhile (issue 30)', () => {
    const gone = () => http.get(apiUrl('/external/publishers/:publisherId'), () => HttpResponse.json({ code: 'NOT_FOUND', message: 'Publisher not found' }, { status: 404 }));
    const ownList = (list: ReturnType<typeof publisher>[]) => http.get(apiUrl('/external/publishers/simple-search'), () => HttpResponse.json(list));

    it('says so by name, with no menu, and that an admin must invite them when no publisher is left', async () => {
      signIn({ publisher: publisher({ ...accepted, name: 'Atlas News' }) });
      server.use(ownList([]), gone());
      await renderLayout();
      expect(await screen.findByRole('heading', { level: 1, name: 'You are no longer a member of Atlas News' })).toBeInTheDocument();
      expect(await screen.findByText(/ask an admin of a publisher to invite you/)).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
      expect(screen.queryByText(/try again later/i)).not.toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: 'Logout' }).length).toBeGreaterThan(0);
    });

    it('offers the chooser when other publishers are left', async () => {
      const atlas = publisher({ ...accepted, id: 7, name: 'Atlas News' });
      signIn({ publisher: atlas, publishers: [atlas, publisher({ ...accepted, id: 8, name: 'Sakura Press' })] });
      server.use(ownList([publisher({ ...accepted, id: 8, name: 'Sakura Press' }), publisher({ ...accepted, id: 9, name: 'Solo' })]), gone());
      const { location, user } = await renderLayout();
      await screen.findByText(/You still work for 2 other publishers/);
      await user.click(screen.getByRole('button', { name: 'Choose another publisher' }));
      expect(await screen.findByRole('heading', { name: 'Chooser' })).toBeInTheDocument();
      expect(location()).toBe('/browse');
      expect(session.get().publishers.map((entry) => entry.name)).toEqual(['Sakura Press', 'Solo']);
    });
  });

  it('shows a member whose team now requires two-factor sign-in one page naming the publisher, and only their own account pages (issue 30)', async () => {
    signIn({ publisher: publisher({ ...accepted, name: 'Atlas News' }) });
    server.use(
      http.get(apiUrl('/external/publishers/:publisherId'), () =>
        HttpResponse.json({ code: 'TWO_FACTOR_REQUIRED', message: 'Two-factor sign-in is required' }, { status: 403 }),
      ),
    );
    await renderLayout();
    expect(await screen.findByRole('heading', { level: 1, name: 'Atlas News requires two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up two-factor sign-in' })).toHaveAttribute('href', '/account-settings/security');
    const menu = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    expect(menu.getByRole('link', { name: 'Security' })).toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'Zones' })).not.toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'Payments' })).not.toBeInTheDocument();
  });
});
