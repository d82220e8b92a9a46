/**
 * The zone domains' self identifiers (spec section 2 'Zone domain identifiers', the inclusive inventory
 * program). Its screen is mounted by App.tsx at /account-settings/inclusive-inventory-program, the spec's URL,
 * behind the route guard (not for legacy just-premium publishers), and loads on first use.
 */
import { lazy } from 'react';

export const ZoneDomainSelfIdentifierList = lazy(() =>
  import('./ZoneDomainSelfIdentifierList').then((m) => ({ default: m.ZoneDomainSelfIdentifierList })),
);
