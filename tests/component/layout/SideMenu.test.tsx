// The side menu per user (spec sections 2 and 6): legacy just-premium publishers see the reduced set, the
// change-publisher button shows for internal users and multi-publisher users only, logout clears the session.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SideMenu } from '../../../src/layout/SideMenu';
import { session } from '../../../src/dataProvider/session';
import { legacyPublisher, publisher } from '../../support/builders';
import { setupMsw } from '../../support/msw';
import { renderWithAdmin, signIn } from '../../support/renderWithAdmin';

setupMsw();

const solo = publisher({ id: 101, name: 'Solo Media' });
const atlas = publisher({ id: 201, name: 'Atlas News' });
const sakura = publisher({ id: 202, name: 'Sakura Press', businessUnit: { id: 5, name: 'Japan' } });
const classic = legacyPublisher({ id: 203, name: 'Premium Classic' });

const navigation = () => screen.getByRole('navigation', { name: 'Main navigation' });
/** The destinations: the menu's first list (the logo and publisher links sit above it). */
const destinations = () => within(navigation()).getAllByRole('list')[0]!;
const linkNames = () => within(destinations()).getAllByRole('link').map((link) => link.textContent);

describe('SideMenu', () => {
  it('shows every destination to an ordinary publisher', async () => {
    signIn({ publisher: atlas, publishers: [atlas, sakura] });
    await renderWithAdmin(<SideMenu open />, { path: '/home/reporting' });
    expect(linkNames()).toEqual([
      'Reporting',
      'Advertiser spend',
      'Custom',
      'Payments',
      'Zones',
      'Global advertiser blocks',
      'Ad review',
      'Alerts',
      'Inclusive inventory program',
      'ads.txt',
      'ads.txt monitor',
      'Billing',
      'Password update',
      'Security',
      'History',
      'Team',
      'API keys',
      'Notifications',
    ]);
    expect(within(navigation()).getByRole('link', { name: 'Reporting' })).toHaveAttribute('aria-current', 'page');
    expect(within(navigation()).getByRole('link', { name: 'ads.txt' })).toHaveAttribute(
      'href',
      '/account-settings/authorized-digital-sellers',
    );
  });

  it('shows a legacy just-premium publisher the reduced set', async () => {
    signIn({ publisher: classic, publishers: [atlas, sakura, classic] });
    await renderWithAdmin(<SideMenu open />, { path: '/home/reporting' });
    expect(linkNames()).toEqual(['Reporting', 'Advertiser spend', 'Custom', 'Payments', 'Alerts', 'ads.txt', 'Billing', 'Password update', 'Security', 'Notifications']);
    expect(within(navigation()).queryByRole('link', { name: 'Zones' })).not.toBeInTheDocument();
    expect(within(navigation()).queryByRole('link', { name: 'Global advertiser blocks' })).not.toBeInTheDocument();
  });

  it.each([
    ['EDITOR', ['Reporting', 'Advertiser spend', 'Custom', 'Zones', 'Global advertiser blocks', 'Ad review', 'Alerts', 'Inclusive inventory program', 'ads.txt', 'ads.txt monitor', 'Password update', 'Security', 'History', 'Team', 'Notifications']],
    ['VIEWER', ['Reporting', 'Advertiser spend', 'Custom', 'Zones', 'Global advertiser blocks', 'Ad review', 'Alerts', 'ads.txt monitor', 'Password update', 'Security', 'History', 'Team', 'Notifications']],
    ['FINANCE', ['Reporting', 'Advertiser spend', 'Custom', 'Payments', 'Alerts', 'Billing', 'Password update', 'Security', 'Team', 'Notifications']],
  ] as const)('shows a member with the role %s what the role may open (issue 22)', async (role, names) => {
    signIn({ publisher: publisher({ id: 201, name: 'Atlas News', role }), publishers: [atlas] });
    await renderWithAdmin(<SideMenu open />, { path: '/home/reporting' });
    expect(linkNames()).toEqual(names);
  });

  it('links the logo and title to /home/reporting', async () => {
    signIn({ publisher: solo, publishers: [solo] });
    await renderWithAdmin(<SideMenu open />, { path: '/zones' });
    expect(screen.getByRole('link', { name: 'Publisher Portal' })).toHaveAttribute('href', '/home/reporting');
  });

  it('offers change-publisher with the current name to a user with several publishers', async () => {
    signIn({ publisher: atlas, publishers: [atlas, sakura, classic] });
    await renderWithAdmin(<SideMenu open />, { path: '/zones' });
    const change = screen.getByRole('link', { name: /Change publisher/ });
    expect(change).toHaveAttribute('href', '/browse');
    expect(change).toHaveTextContent('Atlas News');
  });

  it('offers change-publisher to internal users', async () => {
    signIn({ internal: true, publisher: solo, publishers: [solo] });
    await renderWithAdmin(<SideMenu open />, { path: '/zones' });
    expect(screen.getByRole('link', { name: /Change publisher/ })).toBeInTheDocument();
  });

  it('hides change-publisher from a user with a single publisher', async () => {
    signIn({ publisher: solo, publishers: [solo] });
    await renderWithAdmin(<SideMenu open />, { path: '/zones' });
    expect(screen.queryByRole('link', { name: /Change publisher/ })).not.toBeInTheDocument();
  });

  it('keeps accessible names when collapsed', async () => {
    signIn({ publisher: atlas, publishers: [atlas, sakura] });
    await renderWithAdmin(<SideMenu open={false} />, { path: '/account-settings/billing' });
    expect(within(navigation()).getByRole('link', { name: 'Zones' })).toHaveAttribute('href', '/zones');
    expect(within(navigation()).getByRole('link', { name: 'Account settings' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Publisher Portal home' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('logs out: auth, publisher and publishers state cleared, then /login', async () => {
    signIn({ publisher: atlas, publishers: [atlas, sakura] });
    const { user, location } = await renderWithAdmin(<SideMenu open />, {
      path: '/zones',
      routes: { '/login': <p>Sign-in page</p> },
    });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(session.get()).toMatchObject({ jwt: null, publisher: null, publishers: [] });
    expect(localStorage.getItem('portal.auth')).toBeNull();
    expect(localStorage.getItem('portal.publisher')).toBeNull();
    expect(localStorage.getItem('portal.publishers')).toBeNull();
  });
});
