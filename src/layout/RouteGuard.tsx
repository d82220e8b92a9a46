/**
 * Renders its children only when the signed-in user may open `resource` (spec section 6: "a route guard
 * renders its content only when authorised, otherwise nothing"). The rule is canAccess, the same function the
 * menu and the authProvider use, read synchronously from the session so nothing flashes.
 *
 * Nothing of the guarded content is drawn when refused; but the page around it says why, so a legacy
 * just-premium publisher following an old link sees a title ('Zones: not part of the product of Premium
 * Classic'), and a member whose role does not include the area another ('Payments: not part of your role at Atlas
 * News', issue 22), not an empty page. Without a chosen publisher there is nothing to say (the layout sends the user to
 * the chooser first).
 *
 *   <Route path="/zones/*" element={<RouteGuard resource="zones"><ZonesPage /></RouteGuard>} />
 */
import type { ReactNode } from 'react';
import { canAccess, refusalOf, subjectFromSession, type PortalResource } from '../dataProvider/canAccess';
import { useSession } from '../dataProvider/session';
import { useI18n } from '../i18n/I18nContext';
import { AREA_LABEL_KEYS } from './menuEntries';
import { PageLayout } from '../components/PageLayout';

export interface RouteGuardProps {
  resource: PortalResource;
  action?: string;
  children: ReactNode;
}

export function RouteGuard({ resource, action, children }: RouteGuardProps) {
  const state = useSession();
  const subject = subjectFromSession(state);
  if (canAccess(subject, resource, action)) return <>{children}</>;
  const refusal = refusalOf(subject, resource, action);
  // The area is the role's, only this action is not ('Adding zones', not 'Zones', for a viewer: issue 30).
  const actionKey = refusal === 'role' && canAccess(subject, resource) ? ACTION_LABEL_KEYS[`${resource}.${action ?? 'show'}`] : undefined;
  return state.publisher && refusal ? <NotAvailable resource={resource} publisher={state.publisher.name} refusal={refusal} actionKey={actionKey} /> : null;
}

/** The actions a route guards on their own, named as a user does them. */
const ACTION_LABEL_KEYS: Partial<Record<string, string>> = {
  'zones.create': 'layout.actions.zonesCreate',
};

function NotAvailable({ resource, publisher, refusal, actionKey }: { resource: PortalResource; publisher: string; refusal: 'product' | 'role'; actionKey?: string }) {
  const { translate } = useI18n();
  return (
    <PageLayout
      titleKey={refusal === 'product' ? 'layout.notInProduct' : 'layout.notForRole'}
      titleValues={{ area: translate(actionKey ?? AREA_LABEL_KEYS[resource]), publisher }}
    />
  );
}
