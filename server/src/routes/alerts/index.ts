// The alerts area (issue 23): revenue alerts, the notification settings, and the e-mails' own links (the daily job
// that raises alerts and sends the e-mails: server/src/alerts/, server/src/mail/).
import type { Handlers } from '../../http/handlers';
import { alertHandlers } from './alerts';
import { mailHandlers } from './mail';
import { settingsHandlers } from './settings';

export const alertsArea: Handlers = {
  ...alertHandlers,
  ...settingsHandlers,
  ...mailHandlers,
};
