// The route guard renders its content only when canAccess allows it (spec section 6), otherwise nothing.
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
  it('renders nothing for a legacy just-premium publisher on zones', async () => {
    signIn({ publisher: legacyPublisher() });
    await renderWithAdmin(guarded, { path: '/zones' });
    expect(screen.getByTestId('outer')).toBeEmptyDOMElement();
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
