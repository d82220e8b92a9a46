/**
 * Renders its children only when the signed-in user may open `resource` (spec section 6: "a route guard
 * renders its content only when authorised, otherwise nothing"). The rule is canAccess, the same function the
 * menu and the authProvider use, read synchronously from the session so nothing flashes.
 *
 *   <Route path="/zones/*" element={<RouteGuard resource="zones"><ZonesPage /></RouteGuard>} />
 */
import type { ReactNode } from 'react';
import { canAccess, subjectFromSession, type PortalResource } from '../dataProvider/canAccess';
import { useSession } from '../dataProvider/session';

export interface RouteGuardProps {
  resource: PortalResource;
  action?: string;
  children: ReactNode;
}

export function RouteGuard({ resource, action, children }: RouteGuardProps) {
  const state = useSession();
  return canAccess(subjectFromSession(state), resource, action) ? <>{children}</> : null;
}
