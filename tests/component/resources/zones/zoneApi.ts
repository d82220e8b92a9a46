// The zones area's API as MSW answers it, so the zone screens run with the real data provider and see their
// own changes: the zones search (the list), a stateful zone with its services, blocked URLs and slots (the edit
// screen; a created slot is listed, a removed block is gone), the new-zone request, and the reference data from
// the seed (tests/support/referenceData.ts). Tests make one call fail with server.use(...) before the action;
// `requests` (recordRequests) records what was sent.
import type { SetupServer } from 'msw/node';
import type { components } from '../../../../openapi/portal';
import { zone as zoneBuilder, zoneSummary } from '../../../support/builders';
import { HttpResponse, apiError, apiUrl, http, referenceHandlers } from '../../../support/msw';
import { IMPLEMENTATION_TYPES, SERVICES, SLOT_SIZES, service as serviceRef } from '../../../support/referenceData';

type Schemas = components['schemas'];
type ZoneSummary = Schemas['ZoneSummary'];

// ------------------------------------------------------------------------------------------- the zones list

/** `count` zones named 'Zone 001'... with ids from 5001, every third with In-Content, slots cycling 0..4. */
export function manyZones(count: number, publisherId = 101): ZoneSummary[] {
  return Array.from({ length: count }, (_, index) =>
    zoneSummary({
      trackingId: 5001 + index,
      name: `Zone ${String(index + 1).padStart(3, '0')}`,
      publisherId,
      numberOfSlots: index % 5,
      services: index % 3 === 0 ? [{ service: serviceRef('inContent'), enabled: true, implementationTypeId: null }] : [],
    }),
  );
}

export function searchZones(zones: readonly ZoneSummary[], url: URL) {
  const params = url.searchParams;
  const names = params.getAll('names').map((name) => name.trim().toLowerCase()).filter(Boolean);
  const ids = params.getAll('trackingIds').map(Number);
  const matches = zones.filter(
    (zone) => (names.length === 0 && ids.length === 0) || names.some((name) => zone.name.toLowerCase().includes(name)) || ids.includes(zone.trackingId),
  );
  const sortBy = (params.get('sortBy') ?? 'name') as 'name' | 'trackingId' | 'numberOfSlots';
  const sign = params.get('direction') === 'DESC' ? -1 : 1;
  const sorted = [...matches].sort((a, b) => {
    const compared =
      sortBy === 'name' ? a.name.toLowerCase().localeCompare(b.name.toLowerCase()) : (a[sortBy] as number) - (b[sortBy] as number);
    return sign * (compared !== 0 ? compared : a.trackingId - b.trackingId);
  });
  const page = Number(params.get('page') ?? 0);
  const size = Number(params.get('size') ?? 20);
  return {
    content: sorted.slice(page * size, page * size + size),
    page,
    size,
    totalElements: sorted.length,
    totalPages: Math.ceil(sorted.length / size),
  };
}

/** Serves `zones` as publisher `publisherId`'s; `before` runs first (e.g. to hold an answer back). */
export function serveZones(server: SetupServer, zones: readonly ZoneSummary[], before?: () => Promise<void>) {
  server.use(
    http.post(apiUrl('/external/publishers/:publisherId/zones/search'), async ({ request }) => {
      await before?.();
      return HttpResponse.json(searchZones(zones, new URL(request.url)));
    }),
  );
}

/** The query of every zone search sent, as 'page=0&size=20&...' strings in the order sent. */
export function searchQueries(requests: readonly Request[]): URLSearchParams[] {
  return requests.filter((request) => request.url.includes('/zones/search')).map((request) => new URL(request.url).searchParams);
}

// -------------------------------------------------------------------------------------------- one zone

export type Zone = Schemas['Zone'];
export type ZoneService = Schemas['ZoneService'];
export type Pattern = Schemas['AssetUrlFilterPattern'];
export type Slot = Schemas['Slot'];

export const ZONE_ID = 1001;

const service = (id: number, enabled = true, implementationTypeId: number | null = null): ZoneService => {
  const entry = SERVICES.find((candidate) => candidate.id === id);
  if (!entry) throw new Error(`No service ${id}`);
  return { service: { id, name: entry.name }, enabled, implementationTypeId };
};

export function slot(id: number, name: string, sizeId: number, implementationTypeId: number, zoneId = ZONE_ID, status: Slot['status'] = 'APPROVED'): Slot {
  const size = SLOT_SIZES.find((candidate) => candidate.id === sizeId);
  const type = IMPLEMENTATION_TYPES.find((candidate) => candidate.id === implementationTypeId);
  if (!size || !type) throw new Error(`No size ${sizeId} or type ${implementationTypeId}`);
  return { id, trackingId: zoneId, name, slotSize: size, implementationType: type, inSlotPlacement: null, enabled: true, placementId: null, sizeId, status };
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
    ...referenceHandlers,
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

// ------------------------------------------------------------------------------------------ a new zone

/** POST /external/request answers `answer`; the reference data is served too. */
export function serveZoneRequest(server: SetupServer, answer: () => Response | Promise<Response>) {
  server.use(...referenceHandlers, http.post(apiUrl('/external/request'), answer));
}
