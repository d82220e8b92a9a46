// The route guard renders its content only when canAccess allows it (spec section 6), otherwise nothing of it:
// the page's title then says the area is not part of the publisher's product.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { RouteGuard } from '../../../src/layout/RouteGuard';
import { legacyPublisher, publisher } from '../../support/builders';
import { setupMsw } from '../../support/msw';
import { renderWithAdmin, signIn } from '../../support/renderWithAdmin';

setupMsw();

const guarded = (
  <div data-testid="outer">
    <RouteGuard resource="zones">
      <p>Zone list</p>
    </RouteGuard>
  </div>
);

describe('RouteGuard', () => {
  it('renders nothing of the content for a legacy just-premium publisher on zones; the title says why', async () => {
    signIn({ publisher: legacyPublisher({ name: 'Premium Classic' }) });
    await renderWithAdmin(guarded, { path: '/zones' });
    expect(screen.queryByText('Zone list')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Zones: not part of the product of Premium Classic');
    expect(document.title).toBe('Zones: not part of the product of Premium Classic · Publisher Portal');
  });

  it("says when the member's role does not include the area (issue 22)", async () => {
    signIn({ publisher: publisher({ name: 'Atlas News', role: 'FINANCE' }) });
    await renderWithAdmin(guarded, { path: '/zones' });
    expect(screen.queryByText('Zone list')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Zones: not part of your role at Atlas News');
  });

  it('tells a viewer on /zones/new that adding zones is not part of their role, not zones (issue 30)', async () => {
    signIn({ publisher: publisher({ name: 'Atlas News', role: 'VIEWER' }) });
    await renderWithAdmin(
      <RouteGuard resource="zones" action="create">
        <p>New zone form</p>
      </RouteGuard>,
      { path: '/zones/new' },
    );
    expect(screen.queryByText('New zone form')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Adding zones: not part of your role at Atlas News');
  });

  it("says a role's refusal in Japanese", async () => {
    signIn({ publisher: publisher({ name: 'Atlas News', role: 'VIEWER' }) });
    await renderWithAdmin(
      <RouteGuard resource="payments">
        <p>Payments</p>
      </RouteGuard>,
      { path: '/payments', locale: 'ja' },
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('お支払い：Atlas Newsでのあなたのロールには含まれていません');
  });

  it('says so in the user’s language', async () => {
    signIn({ publisher: legacyPublisher({ name: 'Premium Classic' }) });
    await renderWithAdmin(
      <RouteGuard resource="global-advertiser-blocks">
        <p>Blocks</p>
      </RouteGuard>,
      { path: '/global-advertiser-blocks', locale: 'ja' },
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('グローバル広告主ブロック：Premium Classic のプランには含まれていません');
  });

  it('renders nothing without a selected publisher', async () => {
    signIn();
    await renderWithAdmin(guarded, { path: '/zones' });
    expect(screen.getByTestId('outer')).toBeEmptyDOMElement();
  });

  it('renders the content for an ordinary publisher', async () => {
    signIn({ publisher: publisher() });
    await renderWithAdmin(guarded, { path: '/zones' });
    expect(screen.getByText('Zone list')).toBeInTheDocument();
  });
});
