/**
 * The side menu's destinations (spec section 2 'Main layout'), each tied to the access resource that decides
 * whether it is shown, so the menu and the route guards always agree (spec section 6: legacy just-premium
 * publishers see Reporting, Payments and Account settings with billing, password update and ads.txt only, plus
 * the user's own security page; issue 22: each member sees what the role of the selected publisher allows).
 */
import { canAccess, type AccessSubject, type PortalResource } from '../dataProvider/canAccess';
import { paths } from '../routes';

export interface MenuLink {
  labelKey: string;
  to: string;
  resource: PortalResource;
}

export type MenuIcon = 'reporting' | 'payments' | 'zones' | 'blocks' | 'review' | 'alerts' | 'network' | 'accountSettings';

export interface MenuSection extends MenuLink {
  icon: MenuIcon;
  /** Child destinations; the section itself then only groups them. */
  children?: MenuLink[];
}

export const MENU: readonly MenuSection[] = [
  {
    labelKey: 'menu.reporting',
    to: paths.home,
    resource: 'reporting',
    icon: 'reporting',
    children: [
      { labelKey: 'reporting.types.reporting', to: paths.reporting('reporting'), resource: 'reporting' },
      { labelKey: 'reporting.types.advertiser-spend', to: paths.reporting('advertiser-spend'), resource: 'reporting' },
      { labelKey: 'reporting.types.custom', to: paths.reporting('custom'), resource: 'reporting' },
    ],
  },
  { labelKey: 'menu.payments', to: paths.payments, resource: 'payments', icon: 'payments' },
  { labelKey: 'menu.zones', to: paths.zones, resource: 'zones', icon: 'zones' },
  {
    labelKey: 'menu.globalAdvertiserBlocks',
    to: paths.globalBlocks,
    resource: 'global-advertiser-blocks',
    icon: 'blocks',
  },
  { labelKey: 'menu.creatives', to: paths.creatives, resource: 'creatives', icon: 'review' },
  { labelKey: 'menu.alerts', to: paths.alerts, resource: 'alerts', icon: 'alerts' },
  // The ads.txt monitor across the network (issue 27): network staff only.
  { labelKey: 'menu.networkAdsTxt', to: paths.networkAdsTxt, resource: 'network.ads-txt-monitor', icon: 'network' },
  {
    labelKey: 'menu.accountSettings',
    to: paths.accountSettings,
    resource: 'account-settings',
    icon: 'accountSettings',
    children: [
      {
        labelKey: 'menu.inclusiveInventoryProgram',
        to: paths.inclusiveInventory,
        resource: 'account-settings.inclusive-inventory-program',
      },
      {
        labelKey: 'menu.adsTxt',
        to: paths.adsTxt,
        resource: 'account-settings.authorized-digital-sellers',
      },
      // The ads.txt monitor (issue 27).
      { labelKey: 'menu.adsTxtMonitor', to: paths.adsTxtMonitor, resource: 'account-settings.ads-txt-monitor' },
      { labelKey: 'menu.billing', to: paths.billing, resource: 'account-settings.billing' },
      {
        labelKey: 'menu.passwordUpdate',
        to: paths.passwordUpdate,
        resource: 'account-settings.password-update',
      },
      { labelKey: 'menu.security', to: paths.security, resource: 'account-settings.security' },
      { labelKey: 'menu.history', to: paths.history, resource: 'account-settings.history' },
      { labelKey: 'menu.team', to: paths.team, resource: 'account-settings.team' },
      { labelKey: 'menu.apiKeys', to: paths.apiKeys, resource: 'account-settings.api-keys' },
      { labelKey: 'menu.notifications', to: paths.notificationSettings, resource: 'account-settings.notifications' },
    ],
  },
];

/** The sections and children `subject` may open; a section left without children is dropped. */
export function visibleMenu(subject: AccessSubject, menu: readonly MenuSection[] = MENU): MenuSection[] {
  return menu.flatMap((section) => {
    if (!canAccess(subject, section.resource)) return [];
    if (!section.children) return [section];
    const children = section.children.filter((child) => canAccess(subject, child.resource));
    return children.length ? [{ ...section, children }] : [];
  });
}

/** The user's own account pages of the menu, whatever the publisher allows: a locked member's menu (issue 30). */
const OWN_ACCOUNT: ReadonlySet<PortalResource> = new Set(['account-settings.password-update', 'account-settings.security']);

export function ownAccountMenu(subject: AccessSubject, menu: readonly MenuSection[] = MENU): MenuSection[] {
  return visibleMenu(subject, menu).flatMap((section) => {
    const children = section.children?.filter((child) => OWN_ACCOUNT.has(child.resource)) ?? [];
    return children.length ? [{ ...section, children }] : [];
  });
}

/** Where a section's own link goes: its first visible child, else itself. */
export function sectionTarget(section: MenuSection): string {
  return section.children?.[0]?.to ?? section.to;
}

/** The name of the area each access resource guards, for a page that says the area is not available. */
export const AREA_LABEL_KEYS: Record<PortalResource, string> = {
  reporting: 'menu.reporting',
  payments: 'menu.payments',
  'payments.previous': 'payments.previousTitle',
  zones: 'menu.zones',
  'global-advertiser-blocks': 'menu.globalAdvertiserBlocks',
  'account-settings': 'menu.accountSettings',
  'account-settings.inclusive-inventory-program': 'menu.inclusiveInventoryProgram',
  'account-settings.authorized-digital-sellers': 'menu.adsTxt',
  'account-settings.billing': 'menu.billing',
  'account-settings.password-update': 'menu.passwordUpdate',
  'account-settings.history': 'menu.history',
  alerts: 'menu.alerts',
  creatives: 'menu.creatives',
  'account-settings.notifications': 'menu.notifications',
  'account-settings.security': 'menu.security',
  'account-settings.team': 'menu.team',
  'account-settings.api-keys': 'menu.apiKeys',
  gdpr: 'layout.gdpr.title',
  'change-publisher': 'menu.changePublisher',
  'publishers.search-all': 'browse.title',
  'account-settings.ads-txt-monitor': 'menu.adsTxtMonitor',
  'network.ads-txt-monitor': 'menu.networkAdsTxt',
};
