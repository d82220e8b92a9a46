/**
 * A bookmarked page past the end (rows were removed, or a smaller page size): the list shows its last page
 * instead, correcting the address without a history entry. Waits for a real answer (not the previous page kept
 * while the next loads).
 */
import { useEffect } from 'react';
import { pageCount } from '../../lib/listQuery';
import type { ListUrlState } from './useListUrlState';

export function useLastPageFallback(
  { query, setPage }: Pick<ListUrlState, 'query' | 'setPage'>,
  answer: { total?: number; isSuccess: boolean; isPlaceholderData: boolean },
): void {
  const pages = pageCount(answer.total ?? 0, query.perPage);
  const settled = answer.isSuccess && !answer.isPlaceholderData;
  useEffect(() => {
    if (settled && pages > 0 && query.page > pages) setPage(pages, { replace: true });
  }, [settled, pages, query.page, setPage]);
}
