/**
 * The notification surface's state, shared by the whole app (spec section 4 'Notifications').
 *
 *   const notices = useNotices();
 *   await notices.run('putZoneServices', () => call());          // pending, then success or failure (operations.ts)
 *   notices.fail('exportZones');                                 // the persistent general error
 *   notices.show({ key: 'common.copied', context: 'success' });  // 3000 ms by default; 0 stays
 *
 * Writes hook their notices onto their mutation (useWriteNotices.ts: begin when it starts, settle when it is
 * answered); `run` is both around a call made here. The failure notice is built in one
 * place (failureNotice, noticesReducer.ts) for run, fail and every screen.
 *
 * The provider sits outside react-admin's context (App.tsx), so notices survive a language switch, which
 * remounts react-admin's tree. react-admin's own useNotify() calls reach the same surface through
 * AdminNotifications.
 */
import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  SUCCESS_MS_TO_CLOSE,
  failureKeyOf,
  failureNotice,
  initialNoticesState,
  noticesReducer,
  type FailureOptions,
  type Notice,
  type NoticeInput,
  type NoticesAction,
  type NoticesState,
} from './noticesReducer';
import { NOTICE_OPERATIONS, type NoticeOperation, type OperationName } from './operations';

export interface RunOptions {
  /** Values of the operation's messages. */
  values?: Record<string, unknown>;
  /** The failure notice's key for this error, when it is not the operation's (e.g. a known conflict). */
  failureKey?: (error: unknown) => string | undefined;
  /** Message values of the failure notice drawn from the error (what a refusal names), over `values`. */
  failureValues?: (error: unknown) => Record<string, unknown> | undefined;
  /** A button on the failure notice, e.g. 'Edit again'. */
  failureAction?: FailureOptions['action'];
  /** The page that button belongs to: the notice goes when the user leaves it. */
  page?: string;
  /**
   * True for a failure the caller says itself, where the user is looking (a wrong code or password in a dialog,
   * whose alert says it): no failure notice repeats it beside the dialog (issue 30). The pending notice goes.
   */
  quietFailure?: (error: unknown) => boolean;
}

/** A write whose notices are under way (begin), to settle once its answer came. */
export interface BegunWrite {
  readonly operation: OperationName;
  readonly options: RunOptions;
  readonly pendingId: number | undefined;
}

export interface NoticesApi {
  /** Shows a notice and returns its id. */
  show(notice: NoticeInput): number;
  dismiss(id: number): void;
  clear(): void;
  /** The persistent danger notice of a failed operation (spec section 8); returns its id. */
  fail(operation: OperationName, options?: FailureOptions): number;
  /**
   * A write begins: its pending notice, if the operation has one. `settle` then replaces it with the success or
   * failure notice. For writes whose call someone else makes (a react-admin mutation hook: useWriteNotices).
   */
  begin(operation: OperationName, options?: RunOptions): BegunWrite;
  /** The write's answer came: success (5 s) or the persistent failure, in place of its pending notice. */
  settle(write: BegunWrite, outcome: { ok: true } | { ok: false; error: unknown }): void;
  /** begin, `task`, settle: pending, then success or failure notices; rethrows the error, so the caller can roll back. */
  run<T>(operation: OperationName, task: () => Promise<T>, options?: RunOptions): Promise<T>;
}

export interface NoticeStore extends NoticesApi {
  getState(): NoticesState;
  subscribe(listener: () => void): () => void;
  /** Removes a notice without its onClose (its action already settled it). */
  remove(id: number): void;
}

function noticeOf(endpointName: OperationName, key: string, context: NoticeInput['context'], requestStatus: NoticeInput['requestStatus'], values?: Record<string, unknown>): NoticeInput {
  return { key, values, context, endpointName, requestStatus };
}

export function createNoticeStore(): NoticeStore {
  let state = initialNoticesState;
  const listeners = new Set<() => void>();
  let silenced: number | null = null;

  function dispatch(action: NoticesAction): void {
    const previous = state.notices;
    state = noticesReducer(state, action);
    const gone = previous.filter((notice) => !state.notices.includes(notice));
    for (const listener of [...listeners]) listener();
    for (const notice of gone) if (notice.id !== silenced) notice.onClose?.();
  }

  function show(notice: NoticeInput, replaces?: number): number {
    const id = state.nextId;
    dispatch({ type: 'show', notice, replaces });
    return id;
  }

  const store: NoticeStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    show: (notice) => show(notice),
    dismiss: (id) => dispatch({ type: 'dismiss', id }),
    clear: () => dispatch({ type: 'clear' }),
    remove(id) {
      silenced = id;
      try {
        dispatch({ type: 'dismiss', id });
      } finally {
        silenced = null;
      }
    },
    fail: (endpointName, options) => show(failureNotice(endpointName, options)),
    begin(endpointName, options = {}) {
      const operation: NoticeOperation = NOTICE_OPERATIONS[endpointName];
      const pending = operation.pending === undefined ? undefined : show({ ...noticeOf(endpointName, operation.pending, 'warning', 'pending', options.values), neverFade: true });
      return { operation: endpointName, options, pendingId: pending };
    },
    settle(write, outcome) {
      const { operation: endpointName, options, pendingId } = write;
      const operation: NoticeOperation = NOTICE_OPERATIONS[endpointName];
      if (outcome.ok) {
        if (operation.success !== undefined) {
          show({ ...noticeOf(endpointName, operation.success, 'success', 'fulfilled', options.values), msToClose: SUCCESS_MS_TO_CLOSE }, pendingId);
        } else {
          dispatch({ type: 'settle', endpointName, replaces: pendingId });
        }
        return;
      }
      const { error } = outcome;
      if (options.quietFailure?.(error)) {
        dispatch({ type: 'settle', endpointName, replaces: pendingId });
        return;
      }
      const key = failureKeyOf(endpointName, error, options.failureKey);
      show(
        failureNotice(endpointName, { key, values: { ...options.values, ...options.failureValues?.(error) }, action: options.failureAction, page: options.page }),
        pendingId,
      );
    },
    async run(endpointName, task, options = {}) {
      const write = store.begin(endpointName, options);
      try {
        const result = await task();
        store.settle(write, { ok: true });
        return result;
      } catch (error) {
        store.settle(write, { ok: false, error });
        throw error;
      }
    },
  };
  return store;
}

const NoticeStoreContext = createContext<NoticeStore | null>(null);

export function NoticesProvider({ children, store }: { children: ReactNode; store?: NoticeStore }) {
  const [value] = useState(() => store ?? createNoticeStore());
  return <NoticeStoreContext.Provider value={value}>{children}</NoticeStoreContext.Provider>;
}

function useNoticeStore(): NoticeStore {
  const store = useContext(NoticeStoreContext);
  if (!store) throw new Error('useNotices must be used inside NoticesProvider');
  return store;
}

/** The notices API; stable, so calling it does not re-render on every notice. */
export function useNotices(): NoticesApi {
  return useNoticeStore();
}

/** The notices on screen, oldest first (for the stack). */
export function useNoticeList(): readonly Notice[] {
  const store = useNoticeStore();
  return useSyncExternalStore(store.subscribe, () => store.getState().notices);
}

/** For the stack's action buttons. */
export function useNoticeRemover(): (id: number) => void {
  return useNoticeStore().remove;
}
