// Zones made for one test through the API (POST /external/request, then slots and blocked URLs), so a test that
// changes a zone changes its own, on the worker's shared server, and no other test sees a difference it reads.
import type { APIRequestContext } from '@playwright/test';
import type { components } from '../../../openapi/portal';

type Schemas = components['schemas'];
export type ServiceKey = Schemas['Service']['key'];

export interface ZoneSpec {
  /** Default: unique within the run ("E2E zone 0-lq3k9x-1"). */
  name?: string;
  /** Web domains; default one unique domain. */
  domains?: string[];
  /** Default: inImage, inSlot, inContent (shown InImage, InSlot, In-Content). */
  products?: ServiceKey[];
  /** Slots requested on it, by size name ('300x250', 'Flex') and implementation type name ('JavaScript tag'). */
  slots?: { size: string; implementation: string; name?: string }[];
  /** Blocked URLs (CONTAINS), newest last. */
  blockedUrls?: { pattern: string; urlType: Schemas['UrlType'] }[];
}

export interface CreatedZone {
  id: number;
  name: string;
  slots: Schemas['Slot'][];
  blockedUrls: Schemas['AssetUrlFilterPattern'][];
}

async function json<T>(what: string, response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

function byName<T extends { name: string }>(list: T[], name: string, what: string): T {
  const found = list.find((entry) => entry.name === name);
  if (!found) throw new Error(`no ${what} named "${name}" (there are: ${list.map((entry) => entry.name).join(', ')})`);
  return found;
}

let made = 0;

/** A web zone of `publisherId`, created by `userId` through `api` (signed in as that user). */
export async function createZone(api: APIRequestContext, owner: { userId: number; publisherId: number; tag: string }, spec: ZoneSpec = {}): Promise<CreatedZone> {
  made += 1;
  const unique = `${owner.tag}-${Date.now().toString(36)}-${made}`;
  const name = spec.name ?? `E2E zone ${unique}`;
  const services = await json<Schemas['Service'][]>('GET /external/services', await api.get('/external/services'));
  const request: Schemas['ZoneRequest'] = {
    userId: owner.userId,
    publisherId: owner.publisherId,
    name,
    domains: spec.domains ?? [`e2e-${unique}.example.com`],
    typeId: 1,
    services: (spec.products ?? ['inImage', 'inSlot', 'inContent']).map((key) => {
      const service = services.find((s) => s.key === key);
      if (!service) throw new Error(`no service ${key}`);
      return service.id;
    }),
  };
  const { trackingId: id } = await json<Schemas['ZoneRequestResponse']>('POST /external/request', await api.post('/external/request', { data: request }));

  let slots: Schemas['Slot'][] = [];
  if (spec.slots?.length) {
    const sizes = await json<Schemas['SlotSize'][]>('GET /external/slot-sizes', await api.get('/external/slot-sizes'));
    const types = await json<Schemas['ImplementationType'][]>(
      'GET /external/implementation-types',
      await api.get('/external/implementation-types', { params: { type: 'slot' } }),
    );
    const body: Schemas['SlotRequestBulk'] = {
      trackingId: id,
      slots: spec.slots.map((slot) => ({
        trackingId: id,
        slotSizeId: byName(sizes, slot.size, 'slot size').id,
        name: slot.name ?? slot.size,
        implementationTypeId: byName(types, slot.implementation, 'implementation type').id,
        placementId: null,
        enabled: true,
      })),
    };
    slots = await json('PUT slots/bulk', await api.put(`/external/zones/${id}/slots/bulk`, { data: body }));
  }

  let blockedUrls: Schemas['AssetUrlFilterPattern'][] = [];
  if (spec.blockedUrls?.length) {
    const body: Schemas['AssetUrlFilterPatternBulk'] = {
      zoneAssetUrlFilterPatternParamList: spec.blockedUrls.map((url) => ({ ...url, evalType: 'CONTAINS' })),
    };
    blockedUrls = await json('POST asset-url-filter-patterns/bulk', await api.post(`/external/zones/${id}/asset-url-filter-patterns/bulk`, { data: body }));
  }
  return { id, name, slots, blockedUrls };
}
