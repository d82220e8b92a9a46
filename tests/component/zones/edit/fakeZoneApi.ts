// A small stateful stand-in for the zone and slot calls of the contract, answered through MSW, so the zone edit
// screen runs with the real data provider and sees its own changes (a created slot is listed, a removed block is
// gone). Tests make one call fail with server.use(...) before the action; `requests` records what was sent.
import type { SetupServer } from 'msw/node';
import type { components } from '../../../../src/dataProvider/schema';
import { zone as zoneBuilder } from '../../../support/builders';
import { HttpResponse, apiError, apiUrl, http } from '../../../support/msw';

type Schemas = components['schemas'];
export type Zone = Schemas['Zone'];
export type ZoneService = Schemas['ZoneService'];
export type Pattern = Schemas['AssetUrlFilterPattern'];
export type Slot = Schemas['Slot'];

export const ZONE_ID = 1001;

export const SERVICES: Schemas['Service'][] = [
  { id: 5, key: 'inImage', name: 'InImage Ads', allowedForApps: false },
  { id: 12, key: 'inScreen', name: 'InScreen Ads', allowedForApps: false },
  { id: 13, key: 'inSlot', name: 'InSlot Ads', allowedForApps: true },
  { id: 14, key: 'inContent', name: 'Native Ads', allowedForApps: false },
  { id: 15, key: 'inVideo', name: 'InVideo Ads', allowedForApps: true },
  { id: 16, key: 'video', name: 'Video Ads', allowedForApps: true },
];

export const SLOT_SIZES: Schemas['SlotSize'][] = [
  { id: 1, name: '728x90', width: 728, height: 90, flex: false },
  { id: 3, name: '300x600', width: 300, height: 600, flex: false },
  { id: 4, name: '300x250', width: 300, height: 250, flex: false },
  { id: 9, name: 'Flex', width: 0, height: 0, flex: true },
];

export const IMPLEMENTATION_TYPES: Schemas['ImplementationType'][] = [
  { id: 1, name: 'JavaScript tag', type: 'slot' },
  { id: 2, name: 'Slot ID', type: 'slot' },
  { id: 3, name: 'Bid URL', type: 'slot' },
  { id: 4, name: 'AMP tag', type: 'slot' },
];

export const PLACEMENTS: Schemas['SlotPlacement'][] = [
  { id: 1, name: 'Above the fold' },
  { id: 2, name: 'Below the fold' },
];

const service = (id: number, enabled = true, implementationTypeId: number | null = null): ZoneService => {
  const entry = SERVICES.find((candidate) => candidate.id === id);
  if (!entry) throw new Error(`No service ${id}`);
  return { service: { id, name: entry.name }, enabled, implementationTypeId };
};

export function slot(id: number, name: string, sizeId: number, implementationTypeId: number, zoneId = ZONE_ID): Slot {
  const size = SLOT_SIZES.find((candidate) => candidate.id === sizeId);
  const type = IMPLEMENTATION_TYPES.find((candidate) => candidate.id === implementationTypeId);
  if (!size || !type) throw new Error(`No size ${sizeId} or type ${implementationTypeId}`);
  return { id, trackingId: zoneId, name, slotSize: size, implementationType: type, inSlotPlacement: null, enabled: true, placementId: null, sizeId };
}

export interface FakeZoneState {
  zone: Zone;
  services: ZoneService[];
  blockedUrls: Pattern[];
  slots: Slot[];
  exportFileName: string;
}

export function defaultState(overrides: Partial<FakeZoneState> = {}): FakeZoneState {
  return {
    zone: zoneBuilder({
      trackingId: ZONE_ID,
      name: 'Atlas Homepage',
      publisherId: 2,
      domains: ['*.atlasnews.com', '*.sports.atlasnews.com'],
      vertical: { id: 1, name: 'News' },
      zoneGrade: { id: 1, name: 'A' },
      msaStartDate: '2019-07-01',
      numberOfSlots: 3,
    }),
    services: [service(5), service(13, true, 2), service(14)],
    blockedUrls: [
      { id: 1, pattern: 'https://www.atlasnews.com/sponsored/', urlType: 'PAGE', evalType: 'CONTAINS' },
      { id: 2, pattern: 'https://ads.competitor-news.com/banner.png', urlType: 'IMAGE', evalType: 'CONTAINS' },
    ],
    slots: [slot(11, '300x250', 4, 1), slot(12, '728x90', 1, 2), slot(13, '300x250-1', 4, 2)],
    exportFileName: 'slot-embed-codes-1001-20260115-120000.csv',
    ...overrides,
  };
}

export { service as zoneService };

/** Registers the handlers over `state` (mutated by the write calls) and returns it. */
export function serveZone(server: SetupServer, state: FakeZoneState = defaultState()): FakeZoneState {
  const zoneId = () => state.zone.trackingId;
  const known = (params: Record<string, unknown>) => Number(params.zoneId) === zoneId();
  let nextPatternId = 100;
  let nextSlotId = 500;
  server.use(
    // Before /external/zones/:zoneId, which would take 'embed-codes' for an id.
    http.get(apiUrl('/external/zones/embed-codes'), ({ request }) => {
      const ids = new URL(request.url).searchParams.getAll('trackingIds').map(Number);
      if (!ids.every((id) => id === zoneId())) return apiError(404, 'NOT_FOUND');
      if (state.zone.typeId === 3) return HttpResponse.json([]);
      const id = zoneId();
      return HttpResponse.json([
        {
          trackingId: id,
          standardCode: `<script src="https://cdn.adnetwork.example/zones/${id}/tag.js"></script>`,
          adServerReadyCode: `<div id="adn-zone-${id}"></div>`,
          inVastTag: `https://ads.adnetwork.example/vast/zones/${id}?placement=instream`,
          outVastTag: `https://ads.adnetwork.example/vast/zones/${id}?placement=outstream`,
          inVideoVastTag: `https://ads.adnetwork.example/invideo/zones/${id}/vast`,
          inVideoVMapTag: `https://ads.adnetwork.example/invideo/zones/${id}/vmap`,
        },
      ]);
    }),
    http.put(apiUrl('/external/zones/bulk/services'), async ({ request }) => {
      const body = (await request.json()) as Schemas['ZoneServicesBulk'];
      for (const entry of body.services) {
        const existing = state.services.find((candidate) => candidate.service.id === entry.serviceId);
        if (existing) existing.enabled = true;
        else state.services.push(service(entry.serviceId, true, entry.implementationTypeId ?? null));
      }
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(apiUrl('/external/zones/:zoneId'), ({ params }) =>
      known(params) ? HttpResponse.json(state.zone) : apiError(404, 'NOT_FOUND', 'Zone not found'),
    ),
    http.put(apiUrl('/external/zones/:zoneId'), async ({ params, request }) => {
      if (!known(params)) return apiError(404, 'NOT_FOUND');
      const body = (await request.json()) as Schemas['ZoneUpdate'];
      state.zone = { ...state.zone, name: body.name.trim() };
      return HttpResponse.json(state.zone);
    }),
    http.get(apiUrl('/external/zones/:zoneId/services'), ({ params }) =>
      known(params) ? HttpResponse.json(state.services) : apiError(404, 'NOT_FOUND'),
    ),
    http.delete(apiUrl('/external/zones/:zoneId/services/:serviceId'), ({ params }) => {
      state.services = state.services.filter((entry) => entry.service.id !== Number(params.serviceId));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(apiUrl('/external/services'), () => HttpResponse.json(SERVICES)),
    http.get(apiUrl('/external/zones/:zoneId/asset-url-filter-patterns'), () => HttpResponse.json(state.blockedUrls)),
    http.post(apiUrl('/external/zones/:zoneId/asset-url-filter-patterns/bulk'), async ({ request }) => {
      const body = (await request.json()) as Schemas['AssetUrlFilterPatternBulk'];
      const created = body.zoneAssetUrlFilterPatternParamList.map((entry) => ({ id: nextPatternId++, ...entry }));
      state.blockedUrls = [...created, ...state.blockedUrls];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.delete(apiUrl('/external/zones/:zoneId/asset-url-filter-patterns/:urlId'), ({ params }) => {
      state.blockedUrls = state.blockedUrls.filter((entry) => entry.id !== Number(params.urlId));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(apiUrl('/external/zones/:zoneId/slots/embed-codes/export'), () =>
      new HttpResponse(`slot id,name\n${state.slots.map((entry) => `${entry.id},${entry.name}`).join('\n')}\n`, {
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="${state.exportFileName}"` },
      }),
    ),
    http.get(apiUrl('/external/zones/:zoneId/slots'), () => HttpResponse.json(state.slots)),
    http.put(apiUrl('/external/zones/:zoneId/slots/bulk'), async ({ request }) => {
      const body = (await request.json()) as Schemas['SlotRequestBulk'];
      const created = body.slots.map((row) => ({ ...slot(nextSlotId++, row.name, row.slotSizeId, row.implementationTypeId), placementId: row.placementId }));
      state.slots = [...state.slots, ...created];
      state.zone = { ...state.zone, numberOfSlots: state.slots.length };
      return HttpResponse.json(created);
    }),
    http.get(apiUrl('/external/slot-sizes'), () => HttpResponse.json(SLOT_SIZES)),
    http.get(apiUrl('/external/implementation-types'), () => HttpResponse.json(IMPLEMENTATION_TYPES)),
    http.get(apiUrl('/external/slot-placements'), () => HttpResponse.json(PLACEMENTS)),
  );
  return state;
}

/** Method, path and parsed JSON body (if any) of the recorded requests that changed something. */
export async function writes(requests: readonly Request[]): Promise<{ method: string; path: string; body: unknown }[]> {
  const result = [];
  for (const request of requests) {
    if (request.method === 'GET') continue;
    const text = await request.clone().text();
    result.push({ method: request.method, path: new URL(request.url).pathname, body: text ? (JSON.parse(text) as unknown) : undefined });
  }
  return result;
}
