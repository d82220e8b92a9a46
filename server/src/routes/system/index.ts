// Console support (contract tag console): runtime configuration, health, the metrics (metrics.ts), and the development mailbox's listing
// (its HTML page, registered outside the contract: devMailbox.ts).
import type { Handlers } from '../../http/handlers';
import { systemHandlers } from './system';
import { metricsHandlers } from './metrics';

export const systemArea: Handlers = {
  ...systemHandlers,
  ...metricsHandlers,
};
