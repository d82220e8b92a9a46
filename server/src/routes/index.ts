// Before editing: read CONTRIBUTING.md (shared working tree: commit only your own files with the flock command there).
// The handler table: one entry per contract operationId, gathered from the area modules.
import type { Handlers } from '../http/handlers';
import { accountHandlers } from './account/account';
import { advertiserHandlers } from './blocking/advertisers';
import { blocklistHandlers } from './blocking/blocklist';
import { frameHandlers } from './reporting/frames';
import { historyHandlers } from './history/history';
import { paymentHandlers } from './payments/payments';
import { reportingHandlers } from './reporting/reporting';
import { restrictionHandlers } from './blocking/restrictions';
import { revenueAtStakeHandlers } from './blocking/revenueAtStake';
import { authHandlers } from './auth/auth';
import { publisherHandlers } from './account/publishers';
import { referenceHandlers } from './zones/reference';
import { slotHandlers } from './zones/slots';
import { systemHandlers } from './system/system';
import { zoneHandlers } from './zones/zones';

export const handlers: Handlers = {
  ...systemHandlers,
  ...authHandlers,
  ...publisherHandlers,
  ...restrictionHandlers,
  ...revenueAtStakeHandlers,
  ...blocklistHandlers,
  ...advertiserHandlers,
  ...accountHandlers,
  ...paymentHandlers,
  ...reportingHandlers,
  ...frameHandlers,
  ...historyHandlers,
  ...zoneHandlers,
  ...slotHandlers,
  ...referenceHandlers,
};
