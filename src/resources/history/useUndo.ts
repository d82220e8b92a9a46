/**
 * Undo of a change-history entry (issue 12): a write (useWrite: pending, success, failure notices) whose refusal
 * says why in the user's language: the object changed since (naming what, from the answer's details read against
 * the entry), already undone, not reversible, not allowed.
 */
import { useCreate } from 'react-admin';
import { apiErrorCode, keyByErrorCode } from '../../dataProvider/client';
import type { HistoryRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import type { Translate } from '../../i18n/translate';
import { canAccess, callerOf, subjectFromSession } from '../../dataProvider/canAccess';
import { session, useSession } from '../../dataProvider/session';
import { conflictSubjects, UNDO_WRITES, type ConflictSubject } from '../../lib/history';
import { mayCall } from '../../lib/roles';
import { useWriteNotices, writeOf } from '../../notices/useWriteNotices';

/** The resources an undo may change, refetched after it. */
const UNDO_REFRESHES = [
  'history',
  'historyAuthors',
  'zones',
  'zoneServices',
  'blockedUrls',
  'restrictions',
  'zoneDomainSelfIdentifiers',
  'revenueAtStake',
  // An alert lists its causes' entries with their undo state (issue 23).
  'alerts',
  'members',
  'publishers',
];

function subjectText(subject: ConflictSubject, translate: Translate): string {
  switch (subject.type) {
    case 'field':
      return translate(`history.undo.what.${subject.field}`);
    case 'item':
      return translate('history.undo.what.item', { name: subject.name });
    case 'products':
      return translate('history.undo.what.products');
    case 'selfIdentifiers':
      return translate('history.undo.what.selfIdentifiers', { domain: subject.domain });
    case 'member':
      return translate('history.undo.what.member', { name: subject.name });
    case 'requireTwoFactor':
      return translate('history.undo.what.requireTwoFactor');
    case 'sellersJsonConfidential':
      return translate('history.undo.what.sellersJsonConfidential');
  }
}

const detailFields = (error: unknown): string[] => {
  const body = (error as { body?: { details?: { field?: unknown }[] } } | null)?.body;
  return (body?.details ?? []).map((detail) => detail.field).filter((field): field is string => typeof field === 'string');
};

/** The failure message of a refused undo (the refusals the contract names), else the general error. */
const undoFailureKey = keyByErrorCode({
  UNDO_CONFLICT: 'history.undo.conflict',
  ALREADY_UNDONE: 'history.undo.alreadyUndone',
  NOT_REVERSIBLE: 'history.undo.notReversible',
  FORBIDDEN: 'history.undo.forbidden',
  ROLE_NOT_ALLOWED: 'history.undo.forbidden',
  LAST_ADMIN: 'history.undo.lastAdmin',
  TWO_FACTOR_REQUIRED: 'history.undo.twoFactorRequired',
  CLUSIVITY_CONFLICT: 'history.undo.clusivity',
});

/** An undo as react-admin's useCreate passes it. */
type UndoParams = { meta?: { entry: HistoryRecord } };

export function useUndo() {
  const { translate } = useI18n();
  const undoing = useWriteNotices('undoHistoryEntry', {
    invalidate: UNDO_REFRESHES,
    failureKey: undoFailureKey,
    // The notices name the change, its kind and the publisher (issue 30), not only 'Change undone'.
    values: ({ meta }: UndoParams) => ({
      id: meta?.entry.id,
      kind: meta ? translate(`history.kinds.${meta.entry.kind}`) : '',
      publisher: session.get().publisher?.name ?? '',
    }),
    // A conflict names what changed, read from the answer's details against the entry ('the name', '"Acme"').
    failureValues: (error, { meta }: UndoParams) => {
      const entry = meta?.entry;
      if (entry === undefined || apiErrorCode(error) !== 'UNDO_CONFLICT') return undefined;
      const subjects = conflictSubjects(entry, detailFields(error));
      return { what: subjects.length ? subjects.map((subject) => subjectText(subject, translate)).join(', ') : translate('history.undo.what.object') };
    },
  });
  // The entry rides in meta for the notices (the history resource's create reads only data.undoes).
  return writeOf(undoing, useCreate<{ undoes: number }, unknown, HistoryRecord>('history', undefined, undoing), (entry: HistoryRecord) => ({
    data: { undoes: entry.id },
    meta: { entry },
  }));
}

export type Undo = ReturnType<typeof useUndo>;

/**
 * Whether the signed-in user may undo an entry: undo itself (the history's 'undo'), and the write the undo applies,
 * by the role table (a viewer undoes nothing; an editor no team change).
 */
export function useMayUndo(): (entry: Pick<HistoryRecord, 'kind'>) => boolean {
  const state = useSession();
  const subject = subjectFromSession(state);
  const mayUndo = canAccess(subject, 'account-settings.history', 'undo');
  return (entry) => {
    const write = UNDO_WRITES[entry.kind];
    return mayUndo && write !== undefined && mayCall(callerOf(subject), write);
  };
}
