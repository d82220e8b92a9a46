/**
 * The zone domains' self identifiers (spec section 2 'Zone domain identifiers', the inclusive inventory
 * program). Its screen is mounted by App.tsx at /account-settings/inclusive-inventory-program, the spec's URL,
 * behind the route guard (not for legacy just-premium publishers), as the list of a <Resource> named by that URL
 * (its list reads the data provider's 'zoneDomainSelfIdentifiers' resource by name; the edit is the list's own
 * edit mode, no address of its own), and loads on first use.
 */
import { lazy, type ComponentType } from 'react';

export const ZoneDomainSelfIdentifierList = lazy(() =>
  import('./ZoneDomainSelfIdentifierList').then((m) => ({ default: m.ZoneDomainSelfIdentifierList })),
);

export const zoneDomainSelfIdentifiers: { list: ComponentType } = { list: ZoneDomainSelfIdentifierList };
