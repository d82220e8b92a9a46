/**
 * Saving the zone's products (spec section 4 'Zone products'): the unchecked existing services are deleted one
 * by one, each removed from the cached list at once and put back if its call fails; then the checked ones go
 * in one bulk put. A failed delete stops the save (the put would enable a set the user did not end up with).
 * Each call shows its notices (spec section 4 labels); afterwards the zone's services and the zones list (its
 * product chips) are refetched.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../dataProvider/schema';
import { useNotices } from '../../../../layout/notifications/NoticesProvider';
import { NOTICE_OPERATIONS } from '../../../../layout/notifications/operations';
import { removeFromCache } from '../common/optimisticList';
import { invalidateZoneTags, usePortalDataProvider, zoneKeys } from '../zoneQueries';
import { productChanges } from './productChanges';

type ZoneService = components['schemas']['ZoneService'];

export type ProductsSaveResult = { ok: true } | { ok: false; endpointName: string };

const sameService = (a: ZoneService, b: ZoneService) => a.service.id === b.service.id;

export function useSaveProducts(zoneId: number): (checked: readonly number[]) => Promise<ProductsSaveResult> {
  const queryClient = useQueryClient();
  const dataProvider = usePortalDataProvider();
  const notices = useNotices();
  const key = zoneKeys.services(zoneId);

  return async (checked) => {
    const services = queryClient.getQueryData<ZoneService[]>(key) ?? [];
    const { toDelete, toPut, changed } = productChanges(services, checked);
    if (!changed) return { ok: true };
    let step: string = NOTICE_OPERATIONS.deleteZoneService.endpointName;
    try {
      for (const serviceId of toDelete) {
        const rollback = await removeFromCache<ZoneService>(queryClient, key, (entry) => entry.service.id === serviceId, sameService);
        try {
          await notices.run(NOTICE_OPERATIONS.deleteZoneService, () => dataProvider.deleteZoneService(zoneId, serviceId));
        } catch (error) {
          rollback();
          throw error;
        }
      }
      if (toPut.length > 0) {
        step = NOTICE_OPERATIONS.putZoneServices.endpointName;
        await notices.run(NOTICE_OPERATIONS.putZoneServices, () =>
          dataProvider.putZoneServices({ trackingIds: [zoneId], services: toPut }),
        );
      }
      return { ok: true };
    } catch {
      return { ok: false, endpointName: step };
    } finally {
      void invalidateZoneTags(queryClient, zoneId, ['Zone Services', 'Zone']);
    }
  };
}
