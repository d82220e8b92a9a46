/**
 * The restrictions resource (spec section 2 'Blocking'): a publisher's or a zone's blocked advertisers,
 * advertiser domains and IAB categories, with the add, review, import and remove dialogs.
 *
 *   /global-advertiser-blocks/*          GlobalBlocksPage: the publisher's own blocks (App.tsx mounts it)
 *   /zones/edit/:zoneId/blocking/*       BlockingScreen scoped to a zone (the zones resource's blocking tab)
 *
 * App.tsx mounts `restrictions.list` as the <Resource> of /global-advertiser-blocks (its modal routes are the
 * screen's own nested routes); the data calls name their data provider resources ('blocks', 'restrictions').
 *
 * Other features import this folder only through this file.
 */
import type { ComponentType } from 'react';
import { GlobalBlocksPage } from './GlobalBlocksPage';

export { GlobalBlocksPage };
export const restrictions: { list: ComponentType } = { list: GlobalBlocksPage };
export { BlockingScreen } from './BlockingScreen';
export type { BlockingScope } from './scope';
/** The review step's revenue at stake and the blocking rules, for the ad review center's block dialog (issue 28). */
export { RevenueReview, useRevenueFormat } from './RevenueReview';
export { addRule, entityPath, internalSettingsUrl, useBlockingTarget, useIsInternal, useRestrictionGroup } from './scope';
