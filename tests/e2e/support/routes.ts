// Every route of the console, for the test that visits them all (every-route.spec.ts). Taken from the console's
// own definitions, never copied: the menu (src/layout/menuEntries.ts) gives the areas and their pages, the report
// type list (src/lib/reports.ts) the reporting routes, zonePaths the zone screens and their tabs, navigation.ts
// the public pages. A page added to the menu is visited without touching this file. What no definition lists is
// named below: the routes outside the menu, with their parameters, and the spec's modal routes (section 2). The
// unit test tests/unit/e2e/routes.test.ts fails when App.tsx routes a path that none of these reaches.
import { MENU } from '../../../src/layout/menuEntries';
import { REPORT_TYPES } from '../../../src/lib/reports';
import { PUBLIC_PATHS } from '../../../src/custom-pages/public/navigation';
import { blockingModalPaths, paths, ZONE_TABS, zonePaths } from '../../../src/routes';
import { DEMO } from '../../../server/src/db/seed/demoIds';

/** Spec section 2: the blocking screen's modal routes (IAB7 is one of the common parents of section 9). */
const BLOCKING_MODALS = [blockingModalPaths.iabCreate, blockingModalPaths.iabEdit('IAB7'), blockingModalPaths.advertisers, blockingModalPaths.domains];

/** The pages of a signed-in user working as a publisher, with `zoneId` one of that publisher's zones. */
export function signedInRoutes(zoneId: number): string[] {
  const fromMenu = MENU.flatMap((section) => [section.to, ...(section.children ?? []).map((child) => child.to)]);
  const zone = (sub: string) => `${zonePaths.edit(zoneId)}/${sub}`;
  const routes = [
    '/',
    ...fromMenu,
    ...REPORT_TYPES.map((type) => paths.reporting(type)),
    paths.previousPayments,
    zonePaths.create,
    zonePaths.edit(zoneId),
    ...ZONE_TABS.map((tab) => zonePaths.edit(zoneId, tab)),
    zonePaths.edit(zoneId, 'slots/create'),
    zonePaths.edit(zoneId, 'overview/blocked-urls/create'),
    // Spec section 2: the blocking screen's modal routes, globally and (the same sections) on a zone's tab.
    ...BLOCKING_MODALS.map((modal) => `${paths.globalBlocks}/${modal}`),
    ...BLOCKING_MODALS.map((modal) => zone(`blocking/${modal}`)),
    paths.browse,
    // The demo's revenue alert (Atlas News'; another publisher's answers as missing).
    paths.alert(DEMO.alerts.atlasRevenue),
    // The ad review center's creative page (issue 28): one of Atlas News' creatives.
    paths.creative(DEMO.creatives.atlasFirst),
    // The ads.txt monitor's site page (issue 27), one of Atlas News' demo sites; the monitor and the staff page are in the menu.
    paths.adsTxtSite(DEMO.adsTxtSites.atlasMissing),
    '/no-such-page',
  ];
  return [...new Set(routes)];
}

/** The pages of someone signed out: the public ones (a reset link with and without its parameters). */
export function publicRoutes(): string[] {
  return [...PUBLIC_PATHS, '/auth?tk=abc&ts=1&ue=solo%40publisher.example'];
}
