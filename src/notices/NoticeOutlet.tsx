/**
 * Where notices appear: a place in a frame's own flow (the portal layout under its header, the chooser and the
 * public pages above their card), never a box floating over the page. Notices placed there push the content
 * down instead of covering it, so no notice can hide the controls a user needs to recover from what it reports
 * (a page's actions, its 'Try again', the GDPR banner's Accept). The notice stack (NoticeStack) renders into
 * the outlet mounted last; a frame without one gets the stack where the app renders it, in the flow too.
 *
 *   <NoticeOutlet className="pp-notices" />
 *
 * Free of MUI and of the notice store, so the public pages of the light shell can hold one at no cost.
 */
import { useCallback, useSyncExternalStore, type HTMLAttributes } from 'react';

let outlets: readonly HTMLElement[] = [];
const listeners = new Set<() => void>();

function update(next: readonly HTMLElement[]): void {
  outlets = next;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const current = () => outlets.at(-1) ?? null;

/** The element notices go into now, or null when no frame offers one. */
export function useNoticeOutlet(): HTMLElement | null {
  return useSyncExternalStore(subscribe, current, () => null);
}

export function NoticeOutlet(props: HTMLAttributes<HTMLDivElement>) {
  const register = useCallback((element: HTMLDivElement | null) => {
    if (!element) return undefined;
    update([...outlets, element]);
    return () => update(outlets.filter((outlet) => outlet !== element));
  }, []);
  return <div {...props} ref={register} />;
}
