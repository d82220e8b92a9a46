// The blocking calls as MSW answers them, over a small stateful store per entity, so the blocking screen runs with
// the real data provider and sees its own changes: the grouped restrictions, the paged lists (serveBlockLists), the
// bulk create/delete/change, the global
// advertiser search, revenue at stake and a two-parent slice of the IAB taxonomy; serveBlocklistImport adds the
// blocklist import's check and apply. Tests make one call fail with server.use(...) before the action.
import type { SetupServer } from 'msw/node';
import type { components } from '../../../../openapi/portal';
import { readBlocklistEntry, type BlocklistEntry } from '../../../../src/lib/blocklist';
import { HttpResponse, apiUrl, http } from '../../../support/msw';

type Schemas = components['schemas'];
type RestrictionType = Schemas['RestrictionType'];
type Restriction = Schemas['Restriction'];

export const PUBLISHER_ID = 2;

export interface BlockingState {
  rows: Record<RestrictionType, Restriction[]>;
  clusivity: Partial<Record<RestrictionType, Schemas['Clusivity']>>;
}

let nextId = 9000;

export function block(advertisingRestrictionId: string, name = advertisingRestrictionId, extra: Partial<Restriction> = {}): Restriction {
  nextId += 1;
  return { id: nextId, clusivity: 'EXCLUDE', advertisingRestrictionId, name, parentId: null, tag: null, ...extra };
}

const sub = (id: string, name: string, parentId: string) => ({ id, name, parentId, subId: Number(id.split('-')[1]), label: `${name} (${id})` });

/** Two common parents and one other, enough for the picker's rules. */
export const IAB_CATEGORIES: Schemas['IabCategory'][] = [
  { id: 'IAB7', name: 'Health & Fitness', parentId: null, label: 'Health & Fitness (IAB7)', subCategories: [sub('IAB7-1', 'Exercise', 'IAB7'), sub('IAB7-2', 'A.D.D.', 'IAB7')] },
  { id: 'IAB8', name: 'Food & Drink', parentId: null, label: 'Food & Drink (IAB8)', subCategories: [sub('IAB8-5', 'Cocktails/Beer', 'IAB8')] },
  { id: 'IAB25', name: 'Non-Standard Content', parentId: null, label: 'Non-Standard Content (IAB25)', subCategories: [] },
];

export const ADVERTISERS: Schemas['Advertiser'][] = [
  { id: 1033, name: 'Golden Cedar Airways', domain: 'goldencedar.example' },
  { id: 1040, name: 'Golden Cedar Foods', domain: 'goldencedarfoods.example' },
];

export function blockingState(overrides: Partial<BlockingState['rows']> = {}, clusivity: BlockingState['clusivity'] = {}): BlockingState {
  return { rows: { advertiser: [], advertiser_domain: [], iab_category: [], creative: [], ...overrides }, clusivity };
}

/** Whether the request's bearer token is staff's (the server's rule: inclusions are listed to staff only). */
function isInternal(request: Request): boolean {
  const jwt = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
  try {
    const payload = JSON.parse(atob((jwt.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { isInternal?: boolean };
    return payload.isInternal === true;
  } catch {
    return false;
  }
}

/**
 * One entity's blocked lists as the server pages and filters them (searchRestrictions), its one-call change
 * (changeRestrictions) and its removal by filter (deleteMatchingRestrictions), over `state` (rows of a zone's
 * publisher carry tag Global). Rows keep the state's order.
 */
export function serveBlockLists(server: SetupServer, base: string, state: BlockingState) {
  const matching = (type: RestrictionType, term: string, internal: boolean) =>
    state.rows[type].filter(
      (row) =>
        (internal || row.clusivity === 'EXCLUDE') &&
        (term === '' || row.name.toLowerCase().includes(term) || row.advertisingRestrictionId.toLowerCase().includes(term)),
    );
  const removable = (type: RestrictionType, rows: Restriction[], internal: boolean) =>
    internal && type === 'advertiser' ? [] : rows.filter((row) => row.tag === null && row.clusivity === 'EXCLUDE');
  server.use(
    http.get(apiUrl(`${base}/search`), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const type = query.get('restrictionType') as RestrictionType;
      const page = Number(query.get('page') ?? 0);
      const size = Number(query.get('size') ?? 10);
      const internal = isInternal(request);
      const rows = matching(type, (query.get('searchTerm') ?? '').trim().toLowerCase(), internal).filter(
        (row) => query.get('hideGlobal') !== 'true' || row.tag === null,
      );
      return HttpResponse.json({
        restrictionType: type,
        clusivity: state.clusivity[type] ?? (state.rows[type].length > 0 ? 'EXCLUDE' : null),
        content: rows.slice(page * size, (page + 1) * size),
        totalElements: rows.length,
        totalPages: Math.ceil(rows.length / size),
        removableElements: removable(type, rows, internal).length,
        page,
        size,
      } satisfies Schemas['RestrictionPage']);
    }),
    http.patch(apiUrl(`${base}/bulk`), async ({ request }) => {
      const body = (await request.json()) as Schemas['RestrictionChange'];
      let added = 0;
      let removed = 0;
      for (const group of body.remove) {
        const before = state.rows[group.type].length;
        state.rows[group.type] = state.rows[group.type].filter((row) => row.tag !== null || !group.restrictions.includes(row.advertisingRestrictionId));
        removed += before - state.rows[group.type].length;
      }
      for (const group of body.add) {
        const fresh = group.restrictions.filter((value) => !state.rows[group.type].some((row) => row.tag === null && row.advertisingRestrictionId === value));
        state.rows[group.type] = [...state.rows[group.type], ...fresh.map((value) => block(value))];
        added += fresh.length;
      }
      return HttpResponse.json({ added, removed } satisfies Schemas['RestrictionChangeResult']);
    }),
    http.post(apiUrl(`${base}/delete-matching`), async ({ request }) => {
      const body = (await request.json()) as Schemas['RestrictionDeleteMatching'];
      const rows = removable(body.restrictionType, matching(body.restrictionType, (body.searchTerm ?? '').trim().toLowerCase(), false), isInternal(request));
      if (rows.length !== body.expectedCount) {
        return HttpResponse.json(
          { code: 'LIST_CHANGED', message: 'changed', details: [{ field: '/body/expectedCount', message: `${rows.length} blocks match now`, value: rows.length }] },
          { status: 409 },
        );
      }
      const gone = new Set(rows.map((row) => row.id));
      state.rows[body.restrictionType] = state.rows[body.restrictionType].filter((row) => !gone.has(row.id));
      return HttpResponse.json({ added: 0, removed: rows.length } satisfies Schemas['RestrictionChangeResult']);
    }),
  );
}

/** Serves `state` as publisher PUBLISHER_ID's blocks; writes change it. */
export function serveBlocking(server: SetupServer, state: BlockingState) {
  const group = (type: RestrictionType): Schemas['RestrictionGroup'] => ({
    restrictionType: type,
    clusivity: state.clusivity[type] ?? (state.rows[type].length > 0 ? 'EXCLUDE' : null),
    restrictions: state.rows[type],
  });
  const base = `/external/publisher/${PUBLISHER_ID}/restrictions`;
  serveBlockLists(server, base, state);
  server.use(
    http.get(apiUrl(base), ({ request }) => {
      const type = new URL(request.url).searchParams.get('restrictionType') as RestrictionType;
      return HttpResponse.json([group(type)]);
    }),
    http.post(apiUrl(`${base}/bulk`), async ({ request }) => {
      const [body] = (await request.json()) as Schemas['RestrictionBulk'];
      if (!body) return HttpResponse.json([]);
      state.rows[body.type] = [...state.rows[body.type], ...body.restrictions.map((value) => block(value))];
      return HttpResponse.json([group(body.type)]);
    }),
    http.delete(apiUrl(`${base}/bulk`), async ({ request }) => {
      const ids = new Set((await request.json()) as number[]);
      for (const type of Object.keys(state.rows) as RestrictionType[]) state.rows[type] = state.rows[type].filter((row) => !ids.has(row.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(apiUrl(`${base}/revenue-at-stake`), async ({ request }) => {
      const { items } = (await request.json()) as Schemas['RevenueAtStakeRequest'];
      const rows = items.map((item, index) => ({ ...item, revenue: 10 * (index + 1), impressions: 1000, revenueShare: 0.01, impressionShare: 0.01 }));
      const revenue = rows.reduce((sum, row) => sum + row.revenue, 0);
      return HttpResponse.json({
        currency: 'USD',
        from: '2026-01-01',
        to: '2026-01-30',
        total: { revenue: 1000, impressions: 100_000 },
        items: rows,
        sum: { revenue, impressions: 1000 * rows.length, revenueShare: revenue / 1000, impressionShare: 0.01 * rows.length },
      } satisfies Schemas['RevenueAtStake']);
    }),
    http.get(apiUrl('/external/advertisers-global/search'), ({ request }) => {
      const term = (new URL(request.url).searchParams.get('partialName') ?? '').toLowerCase();
      const content = ADVERTISERS.filter((advertiser) => advertiser.name.toLowerCase().includes(term));
      return HttpResponse.json({ content, page: 0, size: 50, totalElements: content.length, totalPages: 1 });
    }),
    http.get(apiUrl('/external/iab-categories-v1'), () => HttpResponse.json(IAB_CATEGORIES)),
  );
}

type ImportLine = Schemas['RestrictionImportCheck']['lines'][number];

/**
 * The server's verdicts (server/src/routes/blocking/blocklist.ts) over `state`, ADVERTISERS and IAB_CATEGORIES, each line read
 * by the rule the console and server share (src/lib/blocklist.ts). Clusivity and internal users are left out.
 */
export function importVerdicts(state: BlockingState, entries: readonly BlocklistEntry[]): ImportLine[] {
  const categories = new Map(IAB_CATEGORIES.flatMap((parent) => [[parent.id, parent.name] as const, ...parent.subCategories.map((s) => [s.id, s.name] as const)]));
  const first = new Map<string, number>();
  return entries.map((entry, index) => {
    const line = (fields: Partial<ImportLine>): ImportLine => ({ type: null, value: null, name: null, verdict: 'new', reason: null, duplicateOf: null, ...fields });
    const reading = readBlocklistEntry(entry);
    let found: { type: RestrictionType; value: string; name: string } | undefined;
    switch (reading.kind) {
      case 'invalid':
        return line({ type: reading.type, verdict: 'invalid', reason: reading.reason });
      case 'advertiserId':
      case 'advertiserName': {
        const advertiser = ADVERTISERS.find((a) => (reading.kind === 'advertiserId' ? a.id === reading.id : a.name.toLowerCase() === reading.name.toLowerCase()));
        if (!advertiser) return line({ type: 'advertiser', verdict: 'unknown_advertiser' });
        found = { type: 'advertiser', value: String(advertiser.id), name: advertiser.name };
        break;
      }
      case 'value': {
        const name = reading.type === 'advertiser_domain' ? reading.value : categories.get(reading.value);
        if (name === undefined) return line({ type: reading.type, verdict: 'invalid', reason: 'iabCategory' });
        found = { type: reading.type, value: reading.value, name };
      }
    }
    const key = `${found.type}\u0000${found.value}`;
    const earlier = first.get(key);
    if (earlier !== undefined) return line({ ...found, verdict: 'duplicate', duplicateOf: earlier });
    first.set(key, index);
    const blocked = state.rows[found.type].some((row) => row.clusivity === 'EXCLUDE' && row.advertisingRestrictionId === found.value);
    return line({ ...found, verdict: blocked ? 'already_blocked' : 'new' });
  });
}

/** The import's check (writes nothing) and apply (adds the new lines to `state`, refuses all when one is refused). */
export function serveBlocklistImport(server: SetupServer, state: BlockingState) {
  const base = `/external/publisher/${PUBLISHER_ID}/restrictions/import`;
  server.use(
    http.post(apiUrl(`${base}/check`), async ({ request }) => {
      const { entries } = (await request.json()) as Schemas['RestrictionImport'];
      return HttpResponse.json({ lines: importVerdicts(state, entries) } satisfies Schemas['RestrictionImportCheck']);
    }),
    http.post(apiUrl(base), async ({ request }) => {
      const { entries } = (await request.json()) as Schemas['RestrictionImport'];
      const lines = importVerdicts(state, entries);
      if (lines.some((line) => line.verdict === 'invalid' || line.verdict === 'unknown_advertiser')) {
        return HttpResponse.json({ code: 'VALIDATION_FAILED', message: 'Some lines cannot be blocked' }, { status: 400 });
      }
      const fresh = lines.filter((line) => line.verdict === 'new');
      for (const line of fresh) if (line.type && line.value) state.rows[line.type].push(block(line.value, line.name ?? line.value));
      return HttpResponse.json({ created: fresh.length, skipped: entries.length - fresh.length } satisfies Schemas['RestrictionImportResult'], { status: 201 });
    }),
  );
}
