// The ad review center (issue 28): creatives, their previews and bad-ad reports. Blocking a creative goes
// through the blocking area's restriction writes (type 'creative').
import type { Handlers } from '../../http/handlers';
import { creativeHandlers } from './creatives';
import { previewHandlers } from './preview';

export const creativesArea: Handlers = {
  ...creativeHandlers,
  ...previewHandlers,
};
