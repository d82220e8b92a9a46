/**
 * Saving the zone's products (spec section 4 'Zone products'): the unchecked existing services are deleted one
 * by one, each taken out of the list at once and put back if its call fails (react-admin's optimistic delete);
 * then the checked ones go in one
 * bulk put. A failed delete stops the save (the put would enable a set the user did not end up with). Each call
 * shows its notices; a failure notice offers to reopen the checkboxes as the user left them (`onEditAgain`).
 */
import { useRef, useState } from 'react';
import { useDelete, useUpdateMany } from 'react-admin';
import type { ZoneServiceRecord } from '../../../../dataProvider/resources';
import { useWriteNotices, writeOf } from '../../../../notices/useWriteNotices';
import { productChanges, type ProductChanges } from './productChanges';

/** The zone's product chips are in the zones list too. */
const REFETCHED = ['zoneServices', 'zones'];

export function useSaveProducts(zoneId: number, services: readonly ZoneServiceRecord[], onEditAgain: (checked: number[]) => void) {
  const [saving, setSaving] = useState(false);
  const lastChecked = useRef<number[]>([]);
  // The delete nothing follows in this save, if any: the one after which the refetch comes.
  const finalDelete = useRef<number | null>(null);
  const failureAction = () => ({ labelKey: 'zoneEdit.products.editAgain', onAction: () => onEditAgain(lastChecked.current) });

  const removing = useWriteNotices('deleteZoneService', {
    invalidate: REFETCHED,
    refetchLater: ({ id }: { id?: ZoneServiceRecord['id'] }) => id !== finalDelete.current,
    failureAction,
  });
  const remove = writeOf(removing, useDelete<ZoneServiceRecord>('zoneServices', undefined, { mutationMode: 'optimistic', ...removing }), (serviceId: number) => ({
    id: serviceId,
    meta: { zoneId },
  }));
  const putting = useWriteNotices('putZoneServices', { invalidate: REFETCHED, failureAction });
  const put = writeOf(putting, useUpdateMany('zoneServices', undefined, putting), (toPut: ProductChanges['toPut']) => ({
    ids: toPut.map((entry) => entry.serviceId),
    data: { implementationTypeIdById: Object.fromEntries(toPut.map((entry) => [entry.serviceId, entry.implementationTypeId ?? null])) },
    meta: { zoneId },
  }));

  async function save(checked: number[]): Promise<void> {
    const { toDelete, toPut, changed } = productChanges(services, checked);
    if (!changed) return;
    lastChecked.current = checked;
    setSaving(true);
    try {
      // One refetch at the end of the save, after the put or else after the last delete.
      finalDelete.current = toPut.length === 0 ? (toDelete.at(-1) ?? null) : null;
      for (const serviceId of toDelete) await remove.mutateAsync(serviceId);
      if (toPut.length > 0) await put.mutateAsync(toPut);
    } catch {
      // The failure notice is shown and the removed product is back; nothing else to do.
    } finally {
      setSaving(false);
    }
  }

  return { save, saving };
}
