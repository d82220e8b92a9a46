/**
 * The restrictions resource (spec section 2 'Blocking'): a publisher's or a zone's blocked advertisers,
 * advertiser domains and IAB categories, with the add, review, import and remove dialogs.
 *
 *   /global-advertiser-blocks/*          GlobalBlocksPage: the publisher's own blocks (App.tsx mounts it)
 *   /zones/edit/:zoneId/blocking/*       BlockingScreen scoped to a zone (the zones resource's blocking tab)
 *
 * Other features import this folder only through this file.
 */
export { GlobalBlocksPage } from './GlobalBlocksPage';
export { BlockingScreen } from './BlockingScreen';
export type { BlockingScope } from './scope';
