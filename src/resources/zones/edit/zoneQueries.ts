/**
 * The zone edit screen's server data in react-query, under keys that follow the spec's cached-data tags
 * (section 3): Zone, Zone Services, Zone Blocked URLs, Zone Slots. The zone itself is react-admin's own
 * `zones/getOne` entry (useGetOne), so the zones list and this screen share one cache; the rest is read through
 * the data provider's custom methods.
 *
 * Every key starts with the resource name 'zones', so react-admin's refresh button (which invalidates
 * everything) and an invalidation of the resource reach them too.
 *
 * After a change, invalidateZoneTags() refetches exactly the tags the change touched: a products save changes
 * the list's product chips (Zone), a slot request the zone's and the list's slot counts (Zone).
 */
import { useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { HttpError, useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../../dataProvider/dataProvider';

export type ZoneTag = 'Zone' | 'Zone Services' | 'Zone Blocked URLs' | 'Zone Slots';

export const zoneKeys = {
  /** react-admin's useGetOne key prefix for one zone (its full key adds meta). */
  one: (zoneId: number): QueryKey => ['zones', 'getOne', { id: String(zoneId) }],
  lists: ['zones', 'getList'] as QueryKey,
  services: (zoneId: number): QueryKey => ['zones', 'services', zoneId],
  blockedUrls: (zoneId: number): QueryKey => ['zones', 'blockedUrls', zoneId],
  embedCodes: (zoneId: number): QueryKey => ['zones', 'embedCodes', zoneId],
  slots: (zoneId: number): QueryKey => ['zones', 'slots', zoneId],
};

/** Reference data changes with a deployment, not while someone edits a zone. */
const REFERENCE_STALE_MS = 10 * 60 * 1000;
export const referenceKeys = {
  services: ['reference', 'services'] as QueryKey,
  slotSizes: ['reference', 'slotSizes'] as QueryKey,
  implementationTypes: ['reference', 'implementationTypes'] as QueryKey,
  slotPlacements: ['reference', 'slotPlacements'] as QueryKey,
};

export function keysOfTag(tag: ZoneTag, zoneId: number): QueryKey[] {
  switch (tag) {
    case 'Zone':
      return [zoneKeys.one(zoneId), zoneKeys.lists];
    case 'Zone Services':
      return [zoneKeys.services(zoneId)];
    case 'Zone Blocked URLs':
      return [zoneKeys.blockedUrls(zoneId)];
    case 'Zone Slots':
      return [zoneKeys.slots(zoneId)];
  }
}

export function invalidateZoneTags(queryClient: QueryClient, zoneId: number, tags: readonly ZoneTag[]): Promise<void> {
  const keys = tags.flatMap((tag) => keysOfTag(tag, zoneId));
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}

/**
 * A 4xx answer will not change by asking again (react-query's default retries three times, which would keep a
 * 'zone not found' behind a spinner for seconds); network failures and 5xx get two more tries.
 */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function usePortalDataProvider(): PortalDataProvider {
  return useDataProvider<PortalDataProvider>();
}

export function useZoneServices(zoneId: number) {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: zoneKeys.services(zoneId),
    queryFn: ({ signal }) => dataProvider.getZoneServices(zoneId, signal),
    retry: retryUnlessClientError,
  });
}

export function useBlockedUrls(zoneId: number) {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: zoneKeys.blockedUrls(zoneId),
    queryFn: ({ signal }) => dataProvider.getBlockedUrls(zoneId, signal),
    retry: retryUnlessClientError,
  });
}

export function useEmbedCodes(zoneId: number, enabled: boolean) {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: zoneKeys.embedCodes(zoneId),
    queryFn: ({ signal }) => dataProvider.getEmbedCodes(zoneId, signal),
    retry: retryUnlessClientError,
    enabled,
    // Codes are built from the zone id alone: they never change for a zone.
    staleTime: Infinity,
  });
}

export function useSlots(zoneId: number) {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: zoneKeys.slots(zoneId),
    queryFn: ({ signal }) => dataProvider.getSlots(zoneId, signal),
    retry: retryUnlessClientError,
  });
}

export function useServices() {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: referenceKeys.services,
    queryFn: ({ signal }) => dataProvider.getServices(signal),
    staleTime: REFERENCE_STALE_MS,
    retry: retryUnlessClientError,
  });
}

export function useSlotSizes() {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: referenceKeys.slotSizes,
    queryFn: ({ signal }) => dataProvider.getSlotSizes(signal),
    staleTime: REFERENCE_STALE_MS,
    retry: retryUnlessClientError,
  });
}

export function useImplementationTypes() {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: referenceKeys.implementationTypes,
    queryFn: ({ signal }) => dataProvider.getImplementationTypes(signal),
    staleTime: REFERENCE_STALE_MS,
    retry: retryUnlessClientError,
  });
}

export function useSlotPlacements() {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: referenceKeys.slotPlacements,
    queryFn: ({ signal }) => dataProvider.getSlotPlacements(signal),
    staleTime: REFERENCE_STALE_MS,
    retry: retryUnlessClientError,
  });
}
