// A stand-in for POST /external/publishers/{publisherId}/zones/search over a list of zones, following the
// contract's rules (names contain, case-insensitive, OR trackingIds; sort by name/trackingId/numberOfSlots with
// ties by id; zero-based pages), so the list tests see what the real server would answer.
import type { SetupServer } from 'msw/node';
import type { components } from '../../../src/dataProvider/schema';
import { zoneSummary } from '../../support/builders';
import { HttpResponse, apiUrl, http } from '../../support/msw';

type ZoneSummary = components['schemas']['ZoneSummary'];

export const SERVICES = {
  inImage: { id: 5, name: 'InImage Ads' },
  native: { id: 14, name: 'Native Ads' },
  inScreen: { id: 12, name: 'InScreen Ads' },
  video: { id: 16, name: 'Video' },
};

/** `count` zones named 'Zone 001'... with ids from 5001, every third with In-Content, slots cycling 0..4. */
export function manyZones(count: number, publisherId = 101): ZoneSummary[] {
  return Array.from({ length: count }, (_, index) =>
    zoneSummary({
      trackingId: 5001 + index,
      name: `Zone ${String(index + 1).padStart(3, '0')}`,
      publisherId,
      numberOfSlots: index % 5,
      services: index % 3 === 0 ? [{ service: SERVICES.native, enabled: true, implementationTypeId: null }] : [],
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
