/**
 * The persistent failure notice of a read (spec section 8: a failed load shows the general error, which never
 * fades): shown once per failure of the query, taken away by its next real success.
 *
 *   const adsTxt = useQuery(...);
 *   useFailureNotice('getAdsTxt', adsTxt);
 *
 * `isPlaceholderData` (a list keeping its previous page while the next loads) is not a success of this query.
 * `operation` undefined: the read shows its failure only where it is (a list that owns no notice).
 * Only a load that left nothing to show counts (isLoadingError): a failed refetch of data on screen keeps the
 * page, and the app's one stale-data warning (useStaleDataNotice) says so (README 'Reading data').
 */
import { useEffect, useRef } from 'react';
import { useNotices } from './NoticesProvider';
import type { OperationName } from './operations';

export interface ReadState {
  isLoadingError: boolean;
  /** The failure: a read that got no answer says the server cannot be reached. */
  error?: unknown;
  errorUpdatedAt: number;
  isSuccess: boolean;
  isPlaceholderData?: boolean;
}

export function useFailureNotice(operation: OperationName | undefined, { isLoadingError, error, errorUpdatedAt, isSuccess, isPlaceholderData = false }: ReadState): void {
  const notices = useNotices();
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (isLoadingError && operation) shown.current = notices.fail(operation, { error });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failure (errorUpdatedAt), with its error
  }, [isLoadingError, errorUpdatedAt, notices, operation]);
  useEffect(() => {
    if (!isSuccess || isPlaceholderData || shown.current === null) return;
    notices.dismiss(shown.current);
    shown.current = null;
  }, [isSuccess, isPlaceholderData, notices]);
}
