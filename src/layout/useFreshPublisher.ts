/**
 * Keeps the stored publisher (the menu, the route guards and the buttons read its `role` and `requireTwoFactor`)
 * as the API answers it now (issue 22): read once when the portal opens, again when the window regains focus
 * and after a call the role table refused (the role may have changed meanwhile), and written back when it differs.
 * The server decides every call anyway; this keeps what the console shows in step with it.
 */
import { useEffect } from 'react';
import { useGetOne } from 'react-admin';
import { session, useSession, type Publisher } from '../dataProvider/session';

export function useFreshPublisher(): void {
  const { publisher } = useSession();
  const fresh = useGetOne<Publisher>('publishers', { id: publisher?.id ?? 0 }, { enabled: publisher !== null, refetchOnWindowFocus: true });
  useEffect(() => {
    const current = session.get().publisher;
    if (fresh.data && current?.id === fresh.data.id && JSON.stringify(current) !== JSON.stringify(fresh.data)) session.setPublisher(fresh.data);
  }, [fresh.data]);
}
