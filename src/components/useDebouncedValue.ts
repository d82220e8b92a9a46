/**
 * The one search debounce (spec sections 4 and 9: a search follows 300 ms after the last keystroke): the value,
 * once it has stopped changing for `delayMs`.
 */
import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../lib/listQuery';

export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
