// One zone's blocks as MSW answers them, beside serveBlocking (which serves the publisher, the IAB taxonomy and
// the advertiser search): the grouped restrictions, where the test puts the publisher's blocks as rows tagged
// Global, the upsert (PUT) of the zone IAB edit, deletion of the zone's own blocks, and a revenue at stake of nothing.
import type { SetupServer } from 'msw/node';
import type { components } from '../../../../openapi/portal';
import { HttpResponse, apiError, apiUrl, http } from '../../../support/msw';
import { PUBLISHER_ID, block, serveBlockLists, type BlockingState } from './blockingApi';

type Schemas = components['schemas'];
type RestrictionType = Schemas['RestrictionType'];

export const ZONE_ID = 7342;
export const ZONE_BASE = `/zones/edit/${ZONE_ID}/blocking`;
export const zoneScope = {
  entity: 'zone',
  entityId: ZONE_ID,
  publisherId: PUBLISHER_ID,
  publisherName: 'Atlas News',
  zoneName: 'Atlas sports',
  basePath: ZONE_BASE,
} as const;

export function serveZoneBlocking(server: SetupServer, state: BlockingState) {
  const groups = (type: RestrictionType): Schemas['RestrictionGroup'][] => [
    { restrictionType: type, clusivity: state.clusivity[type] ?? (state.rows[type].length > 0 ? 'EXCLUDE' : null), restrictions: state.rows[type] },
  ];
  const base = `/external/zone/${ZONE_ID}/restrictions`;
  serveBlockLists(server, base, state);
  server.use(
    http.get(apiUrl(base), ({ request }) => HttpResponse.json(groups(new URL(request.url).searchParams.get('restrictionType') as RestrictionType))),
    http.put(apiUrl(`${base}/bulk`), async ({ request }) => {
      const [body] = (await request.json()) as Schemas['RestrictionBulk'];
      if (!body) return HttpResponse.json([]);
      const own = state.rows[body.type].filter((row) => row.tag === null);
      const fresh = body.restrictions.filter((value) => !own.some((row) => row.advertisingRestrictionId === value));
      state.rows[body.type] = [...state.rows[body.type], ...fresh.map((value) => block(value))];
      return HttpResponse.json(groups(body.type));
    }),
    http.delete(apiUrl(`${base}/bulk`), async ({ request }) => {
      const ids = new Set((await request.json()) as number[]);
      const named = Object.values(state.rows).flat().filter((row) => ids.has(row.id));
      // As the contract says: a Global block named through the zone, like an unknown id, refuses the whole call.
      if (named.length < ids.size || named.some((row) => row.tag !== null)) return apiError(404, 'NOT_FOUND');
      for (const type of Object.keys(state.rows) as RestrictionType[]) state.rows[type] = state.rows[type].filter((row) => !ids.has(row.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(apiUrl(`${base}/revenue-at-stake`), async ({ request }) => {
      const { items } = (await request.json()) as Schemas['RevenueAtStakeRequest'];
      const nothing = { revenue: 0, impressions: 0, revenueShare: 0, impressionShare: 0 };
      return HttpResponse.json({
        currency: 'USD',
        from: '2026-01-01',
        to: '2026-01-30',
        total: { revenue: 0, impressions: 0 },
        items: items.map((item) => ({ ...item, ...nothing })),
        sum: nothing,
      } satisfies Schemas['RevenueAtStake']);
    }),
  );
}
