// The reporting area: the dashboard address the console embeds, the report data API (reportRows.ts), and frames/, the pages this server renders in
// place of the third-party dashboard service and payment provider (contract tag frames).
import type { Handlers } from '../../http/handlers';
import { frameHandlers } from './frames';
import { reportingHandlers } from './reporting';
import { reportRowHandlers } from './reportRows';

export const reportingArea: Handlers = {
  ...reportingHandlers,
  ...reportRowHandlers,
  ...frameHandlers,
};
