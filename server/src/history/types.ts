// The types of history recording, in a module that imports no server code: the handler context
// (http/handlers.ts), the lists of recorded operations (operations.ts) and the recorder (record.ts) all name them,
// and kept in record.ts or operations.ts they made an import cycle through http/handlers.ts.
import type { HistoryChange, HistoryKind, Named } from '../../../src/lib/history';

/** The entry's kind; UNDONE: the kind of the entry undone. */
export type RecordedKind = HistoryKind | 'UNDONE';

export type Recording =
  | { mode: 'none' }
  /** The whole handler runs in one transaction, which records the entry. */
  | { mode: 'transaction'; kind: RecordedKind }
  /** The handler's own transaction records the entry (OWN_TRANSACTION). */
  | { mode: 'own-transaction'; kind: RecordedKind };

/** The author as the entry keeps it (a snapshot: a later rename or e-mail change leaves old entries alone). */
export interface HistoryAuthorSnapshot {
  id: number;
  name: string;
  email: string;
  isInternal: boolean;
}

/** One change, as a handler records it. */
export type NewHistoryEntry = HistoryChange & {
  /** Null only for PASSWORD: a password belongs to its user. */
  publisherId: number | null;
  /** The zone changed, when the call changed exactly one, with its name now. */
  zone: Named | null;
  /** Who made the change when it is not the signed-in caller (a password reset has none). */
  author?: HistoryAuthorSnapshot;
  /** The entry this change undoes (undoHistoryEntry). */
  undoes?: number;
};

export type RecordChange = (entry: NewHistoryEntry) => Promise<void>;
