// The reporting area: the dashboard address the console embeds, and frames/, the pages this server renders in
// place of the third-party dashboard service and payment provider (contract tag frames).
import type { Handlers } from '../../http/handlers';
import { frameHandlers } from './frames';
import { reportingHandlers } from './reporting';

export const reportingArea: Handlers = {
  ...reportingHandlers,
  ...frameHandlers,
};
