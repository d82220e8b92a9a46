// Reference data as the API answers it, taken from the demo seed (server/src/db/seed/data/reference.ts), so the
// component tests offer the products, sizes and types the real server does, written in one place.
import { implementationTypes, inSlotPlacements, products, slotSizes } from '../../server/src/db/seed/data/reference';
import type { components } from '../../openapi/portal';

type Schemas = components['schemas'];

export const SERVICES: Schemas['Service'][] = products.map(({ id, key, name, allowedForApps }) => ({ id, key, name, allowedForApps }));
export const SLOT_SIZES: Schemas['SlotSize'][] = slotSizes.map((size) => ({ ...size }));
export const IMPLEMENTATION_TYPES: Schemas['ImplementationType'][] = implementationTypes.map((type) => ({ ...type }));
export const PLACEMENTS: Schemas['SlotPlacement'][] = inSlotPlacements.map((placement) => ({ ...placement }));

/** A service as a zone's services name it ({ id, name }), by its key: service('inContent') is 14 'Native Ads'. */
export function service(key: Schemas['Service']['key']): { id: number; name: string } {
  const found = SERVICES.find((entry) => entry.key === key);
  if (!found) throw new Error(`No service ${key}`);
  return { id: found.id, name: found.name };
}
