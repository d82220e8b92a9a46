/**
 * A list's address as the user left it ('/zones?page=3&searchTerm=news'), remembered for the session (react-admin's
 * memory store, per publisher): usePagedList records it (useRememberListAddress), and a link back to the list
 * (useListReturnPath) returns to the same page, size, sort and search, as the browser's Back does.
 */
import { useEffect } from 'react';
import { useStore } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useSession } from '../../dataProvider/session';

const useRememberedSearch = (listPath: string) => useStore<string>(`portal.listAddress.${useSession().publisher?.id ?? 0}.${listPath}`, '');

export function useListReturnPath(listPath: string): string {
  return `${listPath}${useRememberedSearch(listPath)[0]}`;
}

export function useRememberListAddress() {
  const { pathname, search } = useLocation();
  const [, remember] = useRememberedSearch(pathname);
  useEffect(() => remember(search), [remember, search]);
}
