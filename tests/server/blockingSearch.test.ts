import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { ADVERTISER_COUNT_CAP } from '../../server/src/routes/blocking/advertisers';
import { DEMO } from '../../server/src/db/seed/demo';

let t: TestApp;

// Names no generated advertiser carries, so every expected answer is exactly these rows.
const ADVERTISERS = [
  { id: 900001, name: 'Qzx_Under Co', domain: 'under.example' },
  { id: 900002, name: 'qzx% Percent Co', domain: 'percent.example' },
  { id: 900003, name: 'QZX Plain Co', domain: null },
  { id: 900004, name: 'Qzx Plain Co', domain: 'plain.example' },
];

beforeAll(async () => {
  t = await createTestApp();
  for (const a of ADVERTISERS) await t.db.query('INSERT INTO advertisers (id, name, domain) VALUES ($1, $2, $3)', [a.id, a.name, a.domain]);
});
afterAll(() => t.close());

const search = (query: string) => t.call({ method: 'GET', url: `/external/advertisers-global/search?${query}`, as: 'solo' });
const ids = (body: { content: { id: number }[] }) => body.content.map((a) => a.id);

describe('global advertiser search', () => {
  it('matches part of the name case-insensitively, ordered by name then id', async () => {
    const res = await search('partialName=QZX&size=50&page=0&orderBy=name');
    expect(res.statusCode).toBe(200);
    // 'qzx plain co' twice (ids break the tie), then 'qzx% percent co', then 'qzx_under co' (byte order of % < _).
    expect(res.json()).toEqual({
      content: [
        { id: 900003, name: 'QZX Plain Co', domain: null },
        { id: 900004, name: 'Qzx Plain Co', domain: 'plain.example' },
        { id: 900002, name: 'qzx% Percent Co', domain: 'percent.example' },
        { id: 900001, name: 'Qzx_Under Co', domain: 'under.example' },
      ],
      totalElements: 4,
      totalPages: 1,
      page: 0,
      size: 50,
    });
  });

  it('takes % and _ in the term literally', async () => {
    expect(ids((await search('partialName=zx%25')).json())).toEqual([900002]);
    expect(ids((await search('partialName=zx_')).json())).toEqual([900001]);
  });

  it('filters on having a domain', async () => {
    expect(ids((await search('partialName=qzx&hasDomain=true')).json())).toEqual([900004, 900002, 900001]);
    expect(ids((await search('partialName=qzx&hasDomain=false')).json())).toEqual([900003]);
  });

  it('pages from zero and counts every match', async () => {
    const second = (await search('partialName=qzx&size=3&page=1')).json();
    expect(second).toMatchObject({ totalElements: 4, totalPages: 2, page: 1, size: 3 });
    expect(ids(second)).toEqual([900001]);
  });

  it('pages a term matching more than the counting cap in name order, counting up to the cap', async () => {
    // 1,200 'Wqk' advertisers (no generated name holds 'wqk'), every tenth without a domain.
    await t.db.query(
      `INSERT INTO advertisers (id, name, domain)
       SELECT 930000 + i, 'Wqk ' || lpad(i::text, 4, '0'), CASE WHEN i % 10 = 0 THEN NULL ELSE 'wqk' || i || '.example' END
         FROM generate_series(1, 1200) AS i`,
    );
    const first = (await search('partialName=WQK&size=50&page=0')).json();
    expect(first).toMatchObject({ totalElements: ADVERTISER_COUNT_CAP, totalPages: ADVERTISER_COUNT_CAP / 50, page: 0, size: 50 });
    expect(ids(first)).toEqual(Array.from({ length: 50 }, (_, i) => 930001 + i));
    // With a domain: 9 of every 10 (1,080, past the cap), so page 20 starts at the 1,001st of them, Wqk 1112.
    const later = (await search('partialName=wqk&size=50&page=20&hasDomain=true')).json();
    expect(later).toMatchObject({ totalElements: ADVERTISER_COUNT_CAP, page: 20 });
    expect(later.content[0]).toEqual({ id: 931112, name: 'Wqk 1112', domain: 'wqk1112.example' });
    expect(ids(later)).toHaveLength(50);
    expect(ids(later).every((id) => (id - 930000) % 10 !== 0)).toBe(true);
  });

  it('refuses one-character terms and pages above 50 with a 400 naming the parameter', async () => {
    expect((await search('partialName=q')).json().details[0].field).toBe('/query/partialName');
    expect((await search('partialName=qzx&size=51')).json().details[0].field).toBe('/query/size');
  });

  it('needs a signed-in user, as does the IAB tree', async () => {
    expect((await t.call({ method: 'GET', url: '/external/advertisers-global/search?partialName=qzx', as: null })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/external/iab-categories-v1', as: null })).statusCode).toBe(401);
  });
});

describe('IAB category tree', () => {
  interface Node {
    id: string;
    name: string;
    parentId: string | null;
    label: string;
    subId?: number;
    subCategories?: Node[];
  }
  const tree = async (language: string) => (await t.call({ method: 'GET', url: `/external/iab-categories-v1?language=${language}`, as: 'solo' })).json() as Node[];

  it('lists every parent by numeric id with its sub-categories, labelled "name (id)"', async () => {
    const categories = await tree('en');
    const parents = await t.db.query<{ id: string }>('SELECT id FROM iab_categories WHERE parent_id IS NULL');
    expect(categories.map((c) => c.id)).toEqual(parents.map((p) => p.id).sort((a, b) => Number(a.slice(3)) - Number(b.slice(3))));
    const iab7 = categories.find((c) => c.id === 'IAB7')!;
    const children = await t.db.query<{ id: string; name_en: string; sub_id: number }>(
      "SELECT id, name_en, sub_id FROM iab_categories WHERE parent_id = 'IAB7' ORDER BY sub_id",
    );
    expect(iab7.parentId).toBeNull();
    expect(iab7.label).toBe(`${iab7.name} (IAB7)`);
    expect(iab7.subCategories).toEqual(
      children.map((c) => ({ id: c.id, name: c.name_en, parentId: 'IAB7', subId: c.sub_id, label: `${c.name_en} (${c.id})` })),
    );
    expect(iab7.subCategories![1]!.subId).toBe(2);
  });

  it('names categories in Japanese for ja and in English for fr', async () => {
    const row = (await t.db.one<{ name_en: string; name_ja: string }>("SELECT name_en, name_ja FROM iab_categories WHERE id = 'IAB7-1'"))!;
    const find = (nodes: Node[]) => nodes.find((c) => c.id === 'IAB7')!.subCategories!.find((c) => c.id === 'IAB7-1')!;
    expect(find(await tree('ja'))).toMatchObject({ name: row.name_ja, label: `${row.name_ja} (IAB7-1)` });
    expect(find(await tree('fr')).name).toBe(row.name_en);
  });
});

describe('global advertiser search plans', () => {
  // Three groups no generated name resembles: 'Aaa Mqjw' sorts first of all, 20,000 'Aaf Filler' names after it
  // (more than a page walk reads), and 'Zzz Qjv' sorts last, after them. Every tenth has no domain.
  const GROUPS = [
    { first: 940_000, count: 1100, name: "'Aaa Mqjw ' || lpad(i::text, 4, '0')" },
    { first: 950_000, count: 20_000, name: "'Aaf Filler ' || lpad(i::text, 5, '0')" },
    { first: 980_000, count: 1050, name: "'Zzz Qjv ' || lpad(i::text, 4, '0')" },
  ];

  beforeAll(async () => {
    for (const group of GROUPS) {
      await t.db.query(
        `INSERT INTO advertisers (id, name, domain)
         SELECT $1::int + i, ${group.name}, CASE WHEN i % 10 = 0 THEN NULL ELSE 'plan' || ($1::int + i) || '.example' END
           FROM generate_series(1, $2::int) AS i`,
        [group.first, group.count],
      );
    }
  });

  /** The contract's definition, read the slow way: every match sorted, and the count of them up to the cap. */
  async function expected(term: string, hasDomain: boolean | null, page: number, size: number) {
    const rows = await t.db.query<{ id: number; name: string; domain: string | null }>(
      `SELECT id, name, domain FROM advertisers
        WHERE strpos(lower(name), lower($1)) > 0 AND ($2::boolean IS NULL OR (coalesce(domain, '') <> '') = $2)
        ORDER BY lower(name), id`,
      [term, hasDomain],
    );
    const total = Math.min(rows.length, ADVERTISER_COUNT_CAP);
    return { content: rows.slice(page * size, page * size + size), totalElements: total, totalPages: Math.ceil(total / size), page, size };
  }

  const cases: [term: string, hasDomain: boolean | null, page: number][] = [
    ['mqj', null, 0], // three characters, over the cap: the name-index walk
    ['MQJ', true, 19], // 990 with a domain: under the cap, every match sorted
    ['mqj', false, 0],
    ['mqjw', null, 21], // four characters, over the cap: counted up to it, then walked
    ['qjv', null, 0], // every match sorts after the fillers: the walk gives up and every match is sorted
    ['qjv', null, 20],
    ['qjv', true, 20],
    ['qjv', null, 21], // past the last match
    ['qj', null, 0], // two characters: no three-character string to count
    ['xqz', null, 0], // a string no name holds: nothing to read
    ['mqjwxz', null, 0],
    ['zz qjv', null, 0], // longer, over the cap and sorting late: counted up to it, walked, then every match sorted
    ['zz qjv 10', null, 0],
    ['r 0000', null, 0], // a space inside the term
  ];
  it.each(cases)('answers %j (hasDomain %s, page %i) as the definition does', async (term, hasDomain, page) => {
    const domain = hasDomain === null ? '' : `&hasDomain=${hasDomain}`;
    const res = await search(`partialName=${encodeURIComponent(term)}&size=50&page=${page}${domain}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await expected(term, hasDomain, page, 50));
  });

  it('keeps the per-string counts equal to the names after inserts, renames, domain changes and deletes', async () => {
    const counts = () =>
      t.db.query<{ gram: string; advertisers: number; with_domain: number }>(
        'SELECT gram, advertisers, with_domain FROM advertiser_name_grams ORDER BY gram COLLATE "C"',
      );
    const recounted = () =>
      t.db.query<{ gram: string; advertisers: number; with_domain: number }>(
        `SELECT g.gram, count(*)::int AS advertisers, count(*) FILTER (WHERE a.has_domain)::int AS with_domain
           FROM advertisers a CROSS JOIN LATERAL advertiser_name_grams_of(a.name_lower) AS g(gram)
          GROUP BY g.gram ORDER BY g.gram COLLATE "C"`,
      );
    await t.db.query("UPDATE advertisers SET name = 'Aaa Xqjw ' || id WHERE id BETWEEN 940001 AND 940100");
    await t.db.query("UPDATE advertisers SET domain = NULL WHERE id BETWEEN 940101 AND 940150");
    await t.db.query("UPDATE advertisers SET domain = 'back.example' WHERE id = 940200");
    await t.db.query('DELETE FROM advertisers WHERE id BETWEEN 980001 AND 980060');
    expect(await counts()).toEqual(await recounted());
    // 'mqj': numbers 101 to 1,100 left; without a domain: the 100 multiples of ten, the 45 others of 101 to 150,
    // less 200, which has one now.
    const withDomain = (await search('partialName=mqj&hasDomain=true&size=1')).json();
    expect(withDomain.totalElements).toBe(1000 - 100 - 45 + 1);
    expect((await search('partialName=xqj&size=1')).json().totalElements).toBe(100);
    expect((await search('partialName=qjv&hasDomain=false&size=50')).json()).toEqual(await expected('qjv', false, 0, 50));
  });
});

describe('global advertiser search by relevance (issue 30)', () => {
  // 'qvw' is in no generated name: every answer is exactly these rows.
  const RANKED = [
    { id: 900101, name: 'Evergreen Qvw Motors', spend: 1000 },
    { id: 900102, name: 'Aqvw Minor', spend: null },
    { id: 900103, name: 'Qvw Small', spend: 5 },
    { id: 900104, name: 'Qvw Big', spend: 500 },
    { id: 900105, name: 'Qvw Zero', spend: null },
  ];
  const SOLO = DEMO.publishers.soloMedia;

  beforeAll(async () => {
    const [{ day }] = (await t.db.query<{ day: string }>(
      `SELECT (coalesce(max(last_day), current_date) + 1)::text AS day FROM report_advertiser_30_days WHERE publisher_id = $1`,
      [SOLO],
    )) as [{ day: string }];
    for (const a of RANKED) {
      await t.db.query('INSERT INTO advertisers (id, name, domain) VALUES ($1, $2, $3)', [a.id, a.name, `${a.id}.example`]);
      // The publisher's 30 days ending on its last day of reporting (a day after any seeded one).
      if (a.spend !== null) {
        await t.db.query(
          `INSERT INTO report_advertiser_30_days (publisher_id, last_day, advertiser_id, rows, impressions, revenue)
           VALUES ($1, $4::date, $2, 1, 100, $3)`,
          [SOLO, a.id, a.spend, day],
        );
      }
    }
  });

  it('puts the names starting with the term first, then what each advertiser spent at the publisher, then name', async () => {
    const res = await search(`partialName=qvw&size=50&page=0&orderBy=relevance&publisherId=${SOLO}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().content.map((a: { name: string }) => a.name)).toEqual(['Qvw Big', 'Qvw Small', 'Qvw Zero', 'Evergreen Qvw Motors', 'Aqvw Minor']);
    expect(res.json().totalElements).toBe(5);
    // By name, as before: the substring matches in alphabetical order.
    const byName = await search('partialName=qvw&size=50&page=0&orderBy=name');
    expect(byName.json().content.map((a: { name: string }) => a.name)).toEqual(['Aqvw Minor', 'Evergreen Qvw Motors', 'Qvw Big', 'Qvw Small', 'Qvw Zero']);
  });

  it('pages the ranked matches, and without a publisher ranks the prefix matches by name', async () => {
    const second = await search(`partialName=qvw&size=2&page=1&orderBy=relevance&publisherId=${SOLO}`);
    expect(second.json().content.map((a: { name: string }) => a.name)).toEqual(['Qvw Zero', 'Evergreen Qvw Motors']);
    const noSpend = await search('partialName=qvw&size=50&page=0&orderBy=relevance');
    expect(noSpend.json().content.map((a: { name: string }) => a.name)).toEqual(['Qvw Big', 'Qvw Small', 'Qvw Zero', 'Aqvw Minor', 'Evergreen Qvw Motors']);
  });

  it("answers 404 for a publisher the caller does not act for, as for a missing one", async () => {
    const res = await search(`partialName=qvw&orderBy=relevance&publisherId=${DEMO.publishers.atlasNews}`);
    expect(res.statusCode).toBe(404);
  });

  it('answers 403 TWO_FACTOR_REQUIRED, as the contract says, when the publisher requires a second factor the session lacks', async () => {
    await t.db.query('UPDATE publishers SET require_two_factor = true WHERE id = $1', [SOLO]);
    try {
      const res = await search(`partialName=qvw&orderBy=relevance&publisherId=${SOLO}`);
      expect([res.statusCode, res.json().code]).toEqual([403, 'TWO_FACTOR_REQUIRED']);
    } finally {
      await t.db.query('UPDATE publishers SET require_two_factor = false WHERE id = $1', [SOLO]);
    }
  });
});
