// The handler table: one entry per contract operationId, gathered from the areas. Each area is a folder whose
// index.ts gathers its modules' handlers, grouped as the console's features are.
import type { Handlers } from '../http/handlers';
import { accountArea } from './account';
import { adsTxtMonitorArea } from './adsTxtMonitor';
import { alertsArea } from './alerts';
import { apiKeysArea } from './apiKeys';
import { authArea } from './auth';
import { blockingArea } from './blocking';
import { creativesArea } from './creatives';
import { historyArea } from './history';
import { paymentsArea } from './payments';
import { reportingArea } from './reporting';
import { securityArea } from './security';
import { systemArea } from './system';
import { teamArea } from './team';
import { zonesArea } from './zones';

export const handlers: Handlers = {
  ...systemArea,
  ...authArea,
  ...accountArea,
  ...adsTxtMonitorArea,
  ...zonesArea,
  ...blockingArea,
  ...creativesArea,
  ...paymentsArea,
  ...reportingArea,
  ...historyArea,
  ...alertsArea,
  ...teamArea,
  ...securityArea,
  ...apiKeysArea,
};
