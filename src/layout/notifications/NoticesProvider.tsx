/**
 * The notification surface's state, shared by the whole app (spec section 4 'Notifications').
 *
 *   const notices = useNotices();
 *   await notices.run(
 *     { endpointName: 'putZoneServices', pending: 'notifications.updatingEnabledProducts',
 *       success: 'notifications.updatedEnabledProducts' },
 *     () => dataProvider.putZoneServices(...),
 *   ); // rethrows on failure, after showing the persistent danger notice, so the caller can roll back
 *   notices.show({ key: 'common.copied', context: 'success' }); // 3000 ms by default; msToClose: 0 stays
 *
 * The provider sits outside react-admin's context (App.tsx), so notices survive a language switch, which
 * remounts react-admin's tree. react-admin's own useNotify() calls reach the same surface through
 * AdminNotifications.
 */
import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  SUCCESS_MS_TO_CLOSE,
  initialNoticesState,
  noticesReducer,
  type Notice,
  type NoticeInput,
  type NoticesAction,
  type NoticesState,
} from './noticesReducer';

export interface NoticeOperation {
  /** Names the operation; its notices replace each other. */
  endpointName: string;
  /** i18n key shown while the call runs (warning). */
  pending: string;
  /** i18n key shown when it succeeds (success, closes after 5000 ms). */
  success: string;
  /** i18n key shown when it fails (danger, never fades). Default errorMessages.general. */
  failure?: string;
  values?: Record<string, unknown>;
}

export interface NoticesApi {
  /** Shows a notice and returns its id. */
  show(notice: NoticeInput): number;
  dismiss(id: number): void;
  clear(): void;
  run<T>(operation: NoticeOperation, task: () => Promise<T>): Promise<T>;
}

export interface NoticeStore extends NoticesApi {
  getState(): NoticesState;
  subscribe(listener: () => void): () => void;
  /** Removes a notice without its onClose (its action already settled it). */
  remove(id: number): void;
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

  return {
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
    async run(operation, task) {
      const { endpointName, values } = operation;
      const pendingId = show({
        key: operation.pending,
        values,
        context: 'warning',
        endpointName,
        requestStatus: 'pending',
        neverFade: true,
      });
      try {
        const result = await task();
        show(
          {
            key: operation.success,
            values,
            context: 'success',
            endpointName,
            requestStatus: 'fulfilled',
            msToClose: SUCCESS_MS_TO_CLOSE,
          },
          pendingId,
        );
        return result;
      } catch (error) {
        show(
          {
            key: operation.failure ?? 'errorMessages.general',
            values,
            context: 'danger',
            endpointName,
            requestStatus: 'rejected',
            neverFade: true,
          },
          pendingId,
        );
        throw error;
      }
    },
  };
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
