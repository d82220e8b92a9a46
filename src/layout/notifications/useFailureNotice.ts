/**
 * The persistent failure notice of a read (spec section 8: a failed load shows the general error, which never
 * fades): shown once per failure of the query, taken away by its next real success.
 *
 *   const adsTxt = useQuery(...);
 *   useFailureNotice('getAdsTxt', adsTxt);
 *
 * `isPlaceholderData` (a list keeping its previous page while the next loads) is not a success of this query.
 */
import { useEffect, useRef } from 'react';
import { useNotices } from './NoticesProvider';
import type { OperationName } from './operations';

export interface ReadState {
  error: unknown;
  errorUpdatedAt: number;
  isSuccess: boolean;
  isPlaceholderData?: boolean;
}

export function useFailureNotice(operation: OperationName, { error, errorUpdatedAt, isSuccess, isPlaceholderData = false }: ReadState): void {
  const notices = useNotices();
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (error) shown.current = notices.fail(operation);
  }, [error, errorUpdatedAt, notices, operation]);
  useEffect(() => {
    if (!isSuccess || isPlaceholderData || shown.current === null) return;
    notices.dismiss(shown.current);
    shown.current = null;
  }, [isSuccess, isPlaceholderData, notices]);
}
