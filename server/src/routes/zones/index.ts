// The zones area (the console's resources/zones): the zones list, a zone and its settings, its services, blocked
// URLs, slots and embed codes, and the reference lists the zone and slot screens choose from.
import type { Handlers } from '../../http/handlers';
import { blockedUrlHandlers } from './blockedUrls';
import { embedCodeHandlers } from './embedCodes';
import { referenceHandlers } from './reference';
import { slotHandlers } from './slots';
import { zoneSearchHandlers } from './zoneSearch';
import { zoneServiceHandlers } from './zoneServices';
import { zoneHandlers } from './zones';

export const zonesArea: Handlers = {
  ...zoneSearchHandlers,
  ...zoneHandlers,
  ...zoneServiceHandlers,
  ...blockedUrlHandlers,
  ...embedCodeHandlers,
  ...slotHandlers,
  ...referenceHandlers,
};
