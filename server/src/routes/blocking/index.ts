// The blocking area (spec sections 2 'Blocking', 5 and 6): a publisher's and a zone's restrictions, their revenue
// at stake, the blocklist export and import, and what can be blocked (advertisers, IAB categories).
import type { Handlers } from '../../http/handlers';
import { advertiserHandlers } from './advertisers';
import { blocklistHandlers } from './blocklist';
import { restrictionListHandlers } from './restrictionLists';
import { restrictionHandlers } from './restrictions';
import { revenueAtStakeHandlers } from './revenueAtStake';

export const blockingArea: Handlers = {
  ...restrictionHandlers,
  ...restrictionListHandlers,
  ...revenueAtStakeHandlers,
  ...blocklistHandlers,
  ...advertiserHandlers,
};
