/**
 * The chooser's search (spec sections 2, 5, 9): debounced 300 ms, a one-character term is ignored (the last
 * results stay), an empty term lists the first publishers. Each new search aborts the one in flight, so a slow
 * old answer never overwrites a newer one. `attempt` repeats the search after a failure.
 */
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider';
import type { Publisher } from '../../dataProvider/session';

export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchState {
  status: 'loading' | 'done' | 'failed';
  /** The term of the results shown. */
  term: string;
  /** The latest results, kept while a newer search runs or after it fails; null before the first answer. */
  results: Publisher[] | null;
}

interface Answer {
  term: string;
  attempt: number;
  results: Publisher[] | null;
  failed: boolean;
}

export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The term actually searched: trimmed, and null for a single character (ignored). */
export function searchableTerm(raw: string): string | null {
  const term = raw.trim();
  return term.length === 1 ? null : term;
}

export function usePublisherSearch(rawTerm: string, attempt: number): SearchState {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const term = searchableTerm(useDebouncedValue(rawTerm, SEARCH_DEBOUNCE_MS));
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (term === null) return undefined;
    const controller = new AbortController();
    dataProvider.searchPublishers(term, controller.signal).then(
      (results) => setAnswer({ term, attempt, results, failed: false }),
      () => {
        if (controller.signal.aborted) return;
        setAnswer((previous) => ({ term, attempt, results: previous?.results ?? null, failed: true }));
      },
    );
    return () => controller.abort();
  }, [dataProvider, term, attempt]);

  const answered = answer !== null && (term === null || (answer.term === term && answer.attempt === attempt));
  if (!answered) return { status: 'loading', term: answer?.term ?? '', results: answer?.results ?? null };
  return { status: answer.failed ? 'failed' : 'done', term: answer.term, results: answer.results };
}
