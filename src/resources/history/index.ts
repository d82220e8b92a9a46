/**
 * The change history resource (issue 12, designed): who changed what and when, with undo.
 *
 *   /account-settings/history       HistoryPage (App.tsx mounts it behind its route guard)
 *   /zones/edit/:zoneId/history     HistoryList of one zone (the zones resource's History tab)
 *   the alerts' causes (issue 23)   an entry's Author, HistoryChange and UndoCell with useUndo: the same undo
 *
 * App.tsx mounts `history.list` as the <Resource> of /account-settings/history; its list reads the data provider's
 * 'history' resource by name.
 *
 * Other features import this folder only through this file.
 */
import type { ComponentType } from 'react';
import { HistoryPage } from './HistoryPage';

export { HistoryPage };
export const history: { list: ComponentType } = { list: HistoryPage };
export { HistoryList } from './HistoryList';
export { Author, UndoCell } from './HistoryCells';
export { HistoryChange } from './HistoryChange';
export { useMayUndo, useUndo, type Undo } from './useUndo';
