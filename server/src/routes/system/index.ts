// Console support (contract tag console): runtime configuration, health, and the development mailbox's listing
// (its HTML page, registered outside the contract: devMailbox.ts).
import type { Handlers } from '../../http/handlers';
import { systemHandlers } from './system';

export const systemArea: Handlers = {
  ...systemHandlers,
};
