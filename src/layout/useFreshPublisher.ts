/**
 * Keeps the stored publisher (the menu, the route guards and the buttons read its `role` and `requireTwoFactor`)
 * as the API answers it now (issue 22): read once when the portal opens, again when the window regains focus,
 * after a call the role table refused (the role may have changed meanwhile), and after a call answered as if the
 * publisher were gone or refused for the team's two-factor requirement (membershipCheck.ts); written back when it
 * differs. The server decides every call anyway; this keeps what the console shows in step with it.
 *
 * What it answers is the member's standing (issue 30): 'removed' when the publisher answers 404 to a member (they
 * were removed from its team: the layout says so instead of a menu whose every page fails), 'twoFactorRequired'
 * when its team now requires two-factor sign-in they do not have (the layout shows what they may still do).
 * Network staff are no members: always 'member'.
 */
import { useEffect } from 'react';
import { useGetOne } from 'react-admin';
import { apiErrorCode } from '../dataProvider/client';
import { membershipCheck } from '../dataProvider/membershipCheck';
import { session, useSession, type Publisher } from '../dataProvider/session';

export type Standing = 'member' | 'removed' | 'twoFactorRequired';

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

export function useFreshPublisher(): Standing {
  const { publisher, token } = useSession();
  const fresh = useGetOne<Publisher>('publishers', { id: publisher?.id ?? 0 }, { enabled: publisher !== null, refetchOnWindowFocus: true });
  // Asked again only while it stands: its own failure (or a call failing after it) must not ask again in a loop.
  const { refetch, isFetching, isError } = fresh;
  useEffect(() => (isFetching || isError ? undefined : membershipCheck.subscribe(() => void refetch())), [refetch, isFetching, isError]);
  useEffect(() => {
    const current = session.get().publisher;
    if (fresh.data && current?.id === fresh.data.id && JSON.stringify(current) !== JSON.stringify(fresh.data)) session.setPublisher(fresh.data);
  }, [fresh.data]);
  if (publisher === null || token?.isInternal || !fresh.isError) return 'member';
  if (statusOf(fresh.error) === 404) return 'removed';
  if (statusOf(fresh.error) === 403 && apiErrorCode(fresh.error) === 'TWO_FACTOR_REQUIRED') return 'twoFactorRequired';
  return 'member';
}
