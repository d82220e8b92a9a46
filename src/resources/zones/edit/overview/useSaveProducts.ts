/**
 * Saving the zone's products (spec section 4 'Zone products'): the unchecked existing services are deleted one
 * by one, each taken out of the list at once and put back if its call fails; then the checked ones go in one
 * bulk put. A failed delete stops the save (the put would enable a set the user did not end up with). Each call
 * shows its notices; a failure notice offers to reopen the checkboxes as the user left them (`onEditAgain`).
 */
import { useRef, useState } from 'react';
import { removeRecords } from '../../../../dataProvider/optimistic';
import type { ZoneServiceRecord } from '../../../../dataProvider/resources';
import { useWrite } from '../../../../notices/useWrite';
import { productChanges, type ProductChanges } from './productChanges';

/** A delete of the save; `last` when nothing follows it. */
interface Step {
  serviceId: number;
  last: boolean;
}

/** The zone's product chips are in the zones list too. */
const REFETCHED = ['zoneServices', 'zones'];

export function useSaveProducts(zoneId: number, services: readonly ZoneServiceRecord[], onEditAgain: (checked: number[]) => void) {
  const [saving, setSaving] = useState(false);
  const lastChecked = useRef<number[]>([]);
  const failureAction = () => ({ labelKey: 'zoneEdit.products.editAgain', onAction: () => onEditAgain(lastChecked.current) });

  const remove = useWrite('deleteZoneService', {
    mutationFn: ({ serviceId }: Step, dataProvider) => dataProvider.delete('zoneServices', { id: serviceId, meta: { zoneId } }),
    optimistic: ({ serviceId }) => removeRecords('zoneServices', [serviceId], { zoneId }),
    invalidate: REFETCHED,
    refetchLater: ({ last }) => !last,
    failureAction,
  });
  const put = useWrite('putZoneServices', {
    mutationFn: (toPut: ProductChanges['toPut'], dataProvider) =>
      dataProvider.updateMany('zoneServices', {
        ids: toPut.map((entry) => entry.serviceId),
        data: { implementationTypeIdById: Object.fromEntries(toPut.map((entry) => [entry.serviceId, entry.implementationTypeId ?? null])) },
        meta: { zoneId },
      }),
    invalidate: REFETCHED,
    failureAction,
  });

  async function save(checked: number[]): Promise<void> {
    const { toDelete, toPut, changed } = productChanges(services, checked);
    if (!changed) return;
    lastChecked.current = checked;
    setSaving(true);
    try {
      // One refetch at the end of the save, after the put or else after the last delete.
      for (const [index, serviceId] of toDelete.entries()) {
        await remove.mutateAsync({ serviceId, last: toPut.length === 0 && index === toDelete.length - 1 });
      }
      if (toPut.length > 0) await put.mutateAsync(toPut);
    } catch {
      // The failure notice is shown and the removed product is back; nothing else to do.
    } finally {
      setSaving(false);
    }
  }

  return { save, saving };
}
