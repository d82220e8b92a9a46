/**
 * The address's search parameters for the controls that change them (a list's page, sort and search, a switch kept
 * in the address). React Router shows a navigation in a React transition, seconds late on a loaded machine (issue
 * 39), so a change built on the parameters shown (useSearchParams' and its updater's) would write back an address
 * already replaced, e.g. a sort clicked just after a search writes the old term. A change builds on `latest()`, the
 * address last written: BrowserRouter's and MemoryRouter's navigator is their history, which has it at once.
 */
import { useContext } from 'react';
import { UNSAFE_NavigationContext, useLocation, useSearchParams } from 'react-router-dom';

export function useSearchAddress() {
  const [shown, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const { navigator } = useContext(UNSAFE_NavigationContext) as { navigator: { location?: { pathname: string; search: string } } };
  // Only an address of this page: while the user is on the way to another one, this page's control builds on its own.
  const latest = () => {
    const written = navigator.location;
    return new URLSearchParams(written?.pathname === pathname ? written.search : shown);
  };
  return {
    shown,
    latest,
    /** No address written is still waiting to be shown. */
    settled: () => latest().toString() === shown.toString(),
    /** Writes `next`, unless it is the address already written (no history entry for the pager's current page). */
    write: (next: URLSearchParams, replace = false) => {
      if (next.toString() !== latest().toString()) setParams(next, { replace });
    },
  };
}
