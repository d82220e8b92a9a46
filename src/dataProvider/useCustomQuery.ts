/**
 * Reading through a custom method of the data provider (an answer that is no record: the ads.txt text, a frame's
 * address), the one way screens do it: react-query's useQuery over the method, as react-admin does for custom
 * methods, keyed by what it reads and the method's arguments, with the query's signal passed on, so the app's read
 * rules (queryClient.ts) apply as to any read. A failure's notice comes from useFailureNotice(name, query).
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from './dataProvider';

export function useCustomQuery<T>(
  key: readonly unknown[],
  read: (dataProvider: PortalDataProvider, signal: AbortSignal) => Promise<T>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({ queryKey: key, queryFn: ({ signal }) => read(dataProvider, signal), enabled });
}
