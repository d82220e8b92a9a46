/**
 * The read path's half of 'a failed refetch keeps the page' (README 'Reading data'). Screens keep showing data a
 * refetch could not renew (react-query keeps it; screens show an error only when nothing loaded, isLoadingError);
 * this says, once for the whole app, that what is shown may be out of date, with a button to try again. The
 * notice goes once every such query has been fetched again. Mounted with the notice surface
 * (AdminNotifications), so every screen gets it without a line of its own.
 */
import { useEffect } from 'react';
import { isCancelledError, useQueryClient, type Query } from '@tanstack/react-query';
import { useNotices } from './NoticesProvider';

/** A query that has data on screen and whose last fetch failed. */
const isStale = (query: Query) => query.state.status === 'error' && query.state.data !== undefined;

export function useStaleDataNotice(): void {
  const queryClient = useQueryClient();
  const notices = useNotices();
  useEffect(() => {
    const cache = queryClient.getQueryCache();
    let shown: number | null = null;
    return cache.subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') {
        if (!isStale(event.query) || isCancelledError(event.action.error)) return;
        shown = notices.show({
          key: 'notifications.staleData',
          context: 'warning',
          endpointName: 'refetch',
          requestStatus: 'rejected',
          neverFade: true,
          action: { labelKey: 'common.retry', onAction: () => void queryClient.refetchQueries({ predicate: isStale }) },
        });
      } else if (shown !== null && (event.type === 'removed' || (event.type === 'updated' && event.action.type === 'success'))) {
        if (cache.findAll({ predicate: isStale }).length > 0) return;
        notices.dismiss(shown);
        shown = null;
      }
    });
  }, [queryClient, notices]);
}
