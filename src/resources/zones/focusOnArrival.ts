/**
 * Focus for a page reached by an action whose control goes away with the page it was on (a form's submit): the
 * action navigates with ARRIVAL_FOCUS as the history state, and the new page's heading takes the focus, so
 * keyboard and screen-reader users land on what they arrived at instead of on <body>.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

export const ARRIVAL_FOCUS = { focusHeading: true } as const;

/** A ref for the page's heading (give it tabIndex -1); focused once, when it mounts, if the page was so reached. */
export function useArrivalFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const state: unknown = useLocation().state;
  const wanted = typeof state === 'object' && state !== null && (state as { focusHeading?: unknown }).focusHeading === true;
  useEffect(() => {
    if (wanted) ref.current?.focus();
    // Once, on arrival: later renders of the same page keep the focus where the user put it.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return ref;
}
