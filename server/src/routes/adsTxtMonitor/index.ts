// The ads.txt monitor (issue 27): the sites it crawls per publisher, "Check now", the staff's failing sites, and the
// network's sellers.json.
import type { Handlers } from '../../http/handlers';
import { sellersJsonHandlers } from './sellersJson';
import { siteHandlers } from './sites';

export const adsTxtMonitorArea: Handlers = {
  ...siteHandlers,
  ...sellersJsonHandlers,
};
