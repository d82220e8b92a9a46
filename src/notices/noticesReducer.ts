/**
 * The rules of the app's one notification surface (spec section 3 'Notification', section 4 'Notifications'),
 * as a pure reducer so they are tested without rendering:
 * - every notice gets the next running numeric id;
 * - a notice of an operation (endpointName) replaces that operation's earlier non-pending notices, so a retried
 *   save shows one outcome, not a pile of them; a pending notice stays until its own outcome replaces it;
 * - an operation's outcome replaces its own pending notice; a success without a notice of its own still ends
 *   the operation's earlier notices ('settle'), so a never-fading failure does not outlive the retry that worked;
 * - notices fade after msToClose (default 3000 ms; 0 means stay) unless neverFade.
 * Timers are not here: the stack starts them for the notices it shows (see NoticeStack).
 */
import type { ReactNode } from 'react';
import { NOTICE_OPERATIONS, type NoticeOperation, type OperationName } from './operations';
import { isUnanswered, UNREACHABLE_KEY } from '../dataProvider/client';

export type NoticeContext = 'success' | 'warning' | 'danger' | 'info';
export type RequestStatus = 'pending' | 'fulfilled' | 'rejected';

export const DEFAULT_MS_TO_CLOSE = 3000;
export const SUCCESS_MS_TO_CLOSE = 5000;
/** Information longer than a few words (two sentences); hovering or focusing it still holds it. */
export const READING_MS_TO_CLOSE = 10_000;
/** Spec section 8: the text of every failed operation. */
export const GENERAL_ERROR_KEY = 'errorMessages.general';

export interface NoticeAction {
  /** i18n key of the button label. */
  labelKey: string;
  onAction: () => void;
}

export interface NoticeInput {
  /** i18n key, translated when shown (so a language switch re-translates open notices)... */
  key?: string;
  values?: Record<string, unknown>;
  /** ...or text that is already final (server-provided or translated by the caller). */
  text?: ReactNode;
  context: NoticeContext;
  /** The operation the notice belongs to (operations.ts), e.g. 'putZoneServices'. */
  endpointName?: OperationName;
  requestStatus?: RequestStatus;
  /** Milliseconds before the notice closes by itself; 0 = stays. Default 3000. */
  msToClose?: number;
  neverFade?: boolean;
  action?: NoticeAction;
  /**
   * The page (path) the notice belongs to, when its action only makes sense there ('Edit name again'): it goes when
   * the user leaves that page (issue 21), instead of following them with a button that no longer does anything.
   */
  page?: string;
  /** Called once when the notice leaves the screen other than through its action. */
  onClose?: () => void;
}

export interface Notice extends NoticeInput {
  id: number;
  msToClose: number;
  neverFade: boolean;
}

export interface NoticesState {
  nextId: number;
  notices: readonly Notice[];
}

export type NoticesAction =
  | { type: 'show'; notice: NoticeInput; replaces?: number }
  | { type: 'settle'; endpointName: OperationName; replaces?: number }
  | { type: 'dismiss'; id: number }
  | { type: 'clear' };

export const initialNoticesState: NoticesState = { nextId: 1, notices: [] };

/** Whether a notice closes by itself. */
export function fades(notice: Pick<Notice, 'neverFade' | 'msToClose'>): boolean {
  return !notice.neverFade && notice.msToClose > 0;
}

/** The notices that stay when the operation `endpointName` has a new outcome: not `replaces`, not its earlier outcomes. */
function replaced(notices: readonly Notice[], endpointName: OperationName | undefined, replaces: number | undefined): readonly Notice[] {
  return notices.filter(
    (existing) =>
      existing.id !== replaces &&
      !(endpointName !== undefined && existing.endpointName === endpointName && existing.requestStatus !== 'pending'),
  );
}

export function noticesReducer(state: NoticesState, action: NoticesAction): NoticesState {
  switch (action.type) {
    case 'show': {
      const { notice, replaces } = action;
      const next: Notice = {
        ...notice,
        id: state.nextId,
        msToClose: notice.msToClose ?? DEFAULT_MS_TO_CLOSE,
        neverFade: notice.neverFade ?? false,
      };
      return { nextId: state.nextId + 1, notices: [...replaced(state.notices, notice.endpointName, replaces), next] };
    }
    case 'settle':
      return { ...state, notices: replaced(state.notices, action.endpointName, action.replaces) };
    case 'dismiss':
      return { ...state, notices: state.notices.filter((notice) => notice.id !== action.id) };
    case 'clear':
      return { ...state, notices: [] };
  }
}

export interface FailureOptions {
  /** Default: the operation's failure message (operations.ts), else errorMessages.general. */
  key?: string;
  /** The failure, when known: a call that got no answer says the server cannot be reached. */
  error?: unknown;
  values?: Record<string, unknown>;
  action?: NoticeAction;
  /** The page its action belongs to (NoticeInput.page). */
  page?: string;
}

/**
 * The message of a failed operation, for its notice and a dialog's alert alike: the error's own when `failureKey`
 * knows it (a known refusal), else that the server cannot be reached when no answer came, else the operation's
 * failure message, else the general error (spec section 8).
 */
/**
 * Refusals every operation may meet and that say the same whatever the operation (issue 22): the caller's role in
 * the team does not allow it, or the team requires two-factor sign-in. An operation's own failureKey comes first.
 */
const REFUSAL_KEYS: Readonly<Record<string, string>> = {
  ROLE_NOT_ALLOWED: 'errorMessages.roleNotAllowed',
  TWO_FACTOR_REQUIRED: 'errorMessages.twoFactorRequired',
};

function refusalKey(error: unknown): string | undefined {
  const body = (error as { status?: unknown; body?: { code?: unknown } } | null | undefined)?.body;
  return typeof body?.code === 'string' && (error as { status?: unknown }).status === 403 ? REFUSAL_KEYS[body.code] : undefined;
}

export function failureKeyOf(operation: OperationName, error?: unknown, failureKey?: (error: unknown) => string | undefined): string {
  const known: NoticeOperation = NOTICE_OPERATIONS[operation];
  return failureKey?.(error) ?? refusalKey(error) ?? (isUnanswered(error) ? UNREACHABLE_KEY : undefined) ?? known.failure ?? GENERAL_ERROR_KEY;
}

/** Spec sections 4 and 8: a failed operation shows a danger notice that never fades. */
export function failureNotice(endpointName: OperationName, options: FailureOptions = {}): NoticeInput {
  const { key = failureKeyOf(endpointName, options.error), values, action, page } = options;
  return { key, values, action, page: action ? page : undefined, context: 'danger', endpointName, requestStatus: 'rejected', neverFade: true };
}
