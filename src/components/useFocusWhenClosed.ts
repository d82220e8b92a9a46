/**
 * Keyboard users keep their place: once `open` (a dialog, an editing mode) turns false, focus goes back to the
 * element the returned ref is put on (the button that opened it), also when it was open from the start (a bookmark).
 */
import { useEffect, useRef } from 'react';

export function useFocusWhenClosed<Element extends HTMLElement>(open: boolean) {
  const opener = useRef<Element>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return opener;
}
