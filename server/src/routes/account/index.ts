// The account area: the publishers a user acts for (chooser search, one publisher, GDPR acceptance), ads.txt and
// the inclusive inventory program's self identifiers.
import type { Handlers } from '../../http/handlers';
import { accountHandlers } from './account';
import { publisherHandlers } from './publishers';

export const accountArea: Handlers = {
  ...publisherHandlers,
  ...accountHandlers,
};
