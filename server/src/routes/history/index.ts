// The history area: the change history page, its authors, and undo (recording itself: server/src/history/).
import type { Handlers } from '../../http/handlers';
import { historyHandlers } from './history';

export const historyArea: Handlers = {
  ...historyHandlers,
};
