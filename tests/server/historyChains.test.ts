// History chains under concurrent writes (PostgreSQL): two writes of one object through two instances at the
// same moment. Each race is made certain, not left to timing: the test holds the object's row, both requests are
// sent (the second once the first waits), and the row is let go. A write that read its `before` without waiting
// for the other (issue 24: both renames recorded the same `before`, and undoing the later one dropped the other)
// fails here; one that locks what it changes first (server/src/history/locks.ts) records a chain, A->B then B->C.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO } from '../../server/src/db/seed/demo';
import { entriesSince, lastEntryId, undo, type StoredEntry } from '../support/history';
import { holdLock, twoInstancesOnTemplate, waitForLockWaiters, withPostgres } from '../support/postgres';
import type { TestApp } from '../support/serverHarness';
import { FLEX_SIZE_ID, SERVICE, insertZone } from '../support/zoneFixtures';

const ATLAS = DEMO.publishers.atlasNews;

describe.runIf(withPostgres('historyChains.test.ts'))('history chains under concurrent writes through two instances', () => {
  const pair = twoInstancesOnTemplate();
  let a: TestApp;
  let b: TestApp;
  beforeAll(() => void ({ a, b } = pair));

  /**
   * Holds `row` (a zone's or a publisher's), sends `first` and, once it waits, `second`, then lets the row go:
   * both were sent before either could read anything, and they run in that order. Answers both and the entries.
   */
  async function race(
    row: { zone: number } | { publisher: number },
    first: () => Promise<LightMyRequestResponse>,
    second: () => Promise<LightMyRequestResponse>,
  ): Promise<{ answers: [LightMyRequestResponse, LightMyRequestResponse]; entries: StoredEntry[] }> {
    const since = await lastEntryId(a.db);
    const held = await holdLock(
      pair.database.url,
      'zone' in row ? 'SELECT 1 FROM zones WHERE tracking_id = $1 FOR UPDATE' : 'SELECT 1 FROM publishers WHERE id = $1 FOR UPDATE',
      ['zone' in row ? row.zone : row.publisher],
    );
    let answers: [LightMyRequestResponse, LightMyRequestResponse];
    try {
      const one = first();
      await waitForLockWaiters(a.db, 1);
      const two = second();
      await waitForLockWaiters(a.db, 2);
      await held.release();
      answers = await Promise.all([one, two]);
    } catch (error) {
      await held.release().catch(() => undefined);
      throw error;
    }
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    return { answers, entries: await entriesSince(a.db, since) };
  }

  const rename = (t: TestApp, zoneId: number, name: string) =>
    t.call({ method: 'PUT', url: `/external/zones/${zoneId}`, as: 'multi', payload: { name, typeId: 1, enabled: true } });
  const zoneName = async (zoneId: number) => (await b.call({ method: 'GET', url: `/external/zones/${zoneId}`, as: 'multi' })).json().name;

  it('ZONE: two renames chain (A->B, B->C), and undoing the later restores the middle name', async () => {
    const zoneId = await insertZone(a.db, { publisherId: ATLAS, name: 'Original' });
    const { answers, entries } = await race({ zone: zoneId }, () => rename(a, zoneId, 'First rename'), () => rename(b, zoneId, 'Second rename'));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(entries.map((entry) => [entry.before, entry.after])).toEqual([
      [{ name: 'Original' }, { name: 'First rename' }],
      [{ name: 'First rename' }, { name: 'Second rename' }],
    ]);
    expect((await undo(a, ATLAS, entries[1]!.id, 'multi')).statusCode).toBe(201);
    expect(await zoneName(zoneId)).toBe('First rename');
    expect((await undo(b, ATLAS, entries[0]!.id, 'multi')).statusCode).toBe(201);
    expect(await zoneName(zoneId)).toBe('Original');
  });

  it('ZONE: an undo racing a rename either goes first (and the rename records what the undo restored) or is refused', async () => {
    const zoneId = await insertZone(a.db, { publisherId: ATLAS, name: 'Before' });
    expect((await rename(a, zoneId, 'After')).statusCode).toBe(200);
    const [renamed] = await entriesSince(a.db, (await lastEntryId(a.db)) - 1);

    const undoFirst = await race({ zone: zoneId }, () => undo(a, ATLAS, renamed!.id, 'multi'), () => rename(b, zoneId, 'Later'));
    expect(undoFirst.answers.map((answer) => answer.statusCode)).toEqual([201, 200]);
    expect(undoFirst.entries.map((entry) => [entry.before, entry.after])).toEqual([
      [{ name: 'After' }, { name: 'Before' }],
      [{ name: 'Before' }, { name: 'Later' }],
    ]);

    const renameFirst = await race({ zone: zoneId }, () => rename(b, zoneId, 'Latest'), () => undo(a, ATLAS, undoFirst.entries[1]!.id, 'multi'));
    expect(renameFirst.answers.map((answer) => answer.statusCode)).toEqual([200, 409]);
    expect(renameFirst.answers[1].json()).toMatchObject({ code: 'UNDO_CONFLICT', details: [{ field: '/after/name', value: 'Latest' }] });
    expect(renameFirst.entries).toHaveLength(1);
    expect(await zoneName(zoneId)).toBe('Latest');
  });

  it('PRODUCTS: two additions to one zone chain, and undoing the later keeps the first', async () => {
    const zoneId = await insertZone(a.db, { publisherId: ATLAS, name: 'Products' });
    const add = (t: TestApp, serviceId: number) =>
      t.call({ method: 'PUT', url: '/external/zones/bulk/services', as: 'multi', payload: { trackingIds: [zoneId], services: [{ serviceId }] } });
    const { answers, entries } = await race({ zone: zoneId }, () => add(a, SERVICE.inImage), () => add(b, SERVICE.inContent));
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204]);
    const ids = (side: unknown) => (side as { zones: { products: { id: number }[] }[] }).zones[0]!.products.map((product) => product.id);
    expect(entries.map((entry) => [ids(entry.before), ids(entry.after)])).toEqual([
      [[], [SERVICE.inImage]],
      [[SERVICE.inImage], [SERVICE.inImage, SERVICE.inContent]],
    ]);
    expect((await undo(b, ATLAS, entries[1]!.id, 'multi')).statusCode).toBe(201);
    const services = (await a.call({ method: 'GET', url: `/external/zones/${zoneId}/services`, as: 'multi' })).json();
    expect(services.map((service: { service: { id: number } }) => service.service.id)).toEqual([SERVICE.inImage]);
  });

  it('BLOCKS: one block removed through both instances at once is removed and recorded once; the other call finds it gone', async () => {
    const zoneId = DEMO.zones.atlas;
    const remove = (t: TestApp) => t.call({ method: 'DELETE', url: `/external/zone/${zoneId}/restrictions/bulk`, as: 'multi', payload: [DEMO.restrictions.atlasZoneAdvertiser] });
    const { answers, entries } = await race({ zone: zoneId }, () => remove(a), () => remove(b));
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 404]);
    expect(entries).toHaveLength(1);
    expect((entries[0]!.before as { blocks: unknown[] }).blocks).toHaveLength(1);
  });

  it('BLOCKS: two publisher-level additions chain with the global blocks they change', async () => {
    const block = (t: TestApp, domain: string) =>
      t.call({ method: 'POST', url: `/external/publisher/${ATLAS}/restrictions/bulk`, as: 'multi', payload: [{ type: 'advertiser_domain', clusivity: 'EXCLUDE', restrictions: [domain, 'both.example'] }] });
    const { answers, entries } = await race({ publisher: ATLAS }, () => block(a, 'first.example'), () => block(b, 'second.example'));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const added = (entry: StoredEntry) => (entry.after as { blocks: { id: string }[] }).blocks.map((item) => item.id);
    expect(entries.map(added)).toEqual([['*.first.example', '*.both.example'], ['*.second.example']]);
  });

  it('BLOCKED_URLS: one URL removed through both instances at once is recorded once', async () => {
    const zoneId = await insertZone(a.db, { publisherId: ATLAS, name: 'URLs' });
    const created = await a.call({
      method: 'POST',
      url: `/external/zones/${zoneId}/asset-url-filter-patterns/bulk`,
      as: 'multi',
      payload: { zoneAssetUrlFilterPatternParamList: [{ pattern: 'https://race.example.com/', urlType: 'PAGE', evalType: 'CONTAINS' }] },
    });
    const [url] = created.json() as { id: number }[];
    const remove = (t: TestApp) => t.call({ method: 'DELETE', url: `/external/zones/${zoneId}/asset-url-filter-patterns/${url!.id}`, as: 'multi' });
    const { answers, entries } = await race({ zone: zoneId }, () => remove(a), () => remove(b));
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 404]);
    expect(entries).toHaveLength(1);
  });

  it('SLOTS: two flex slot requests for one zone at once: one is taken, the other refused by the one-flex rule', async () => {
    const zoneId = await insertZone(a.db, { publisherId: ATLAS, name: 'Slots' });
    const request = (t: TestApp, name: string) =>
      t.call({
        method: 'PUT',
        url: `/external/zones/${zoneId}/slots/bulk`,
        as: 'multi',
        payload: { trackingId: zoneId, slots: [{ trackingId: zoneId, name, slotSizeId: FLEX_SIZE_ID, implementationTypeId: 1, placementId: null, enabled: true }] },
      });
    const { answers, entries } = await race({ zone: zoneId }, () => request(a, 'Flex A'), () => request(b, 'Flex B'));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 409]);
    expect(answers[1].json().code).toBe('FLEX_SLOT_LIMIT');
    expect(entries).toHaveLength(1);
    expect((await b.call({ method: 'GET', url: `/external/zones/${zoneId}`, as: 'multi' })).json().numberOfSlots).toBe(1);
  });

  it('SELF_IDENTIFIERS: two saves of one domain chain, and undoing the later restores the first', async () => {
    const domain = DEMO.zoneDomains.atlasPlain;
    const save = (t: TestApp, ids: number[]) =>
      t.call({ method: 'POST', url: `/external/publishers/${ATLAS}/zone-domain-self-identifiers`, as: 'multi', payload: [{ zoneDomainId: domain, selfIdentifierIds: ids }] });
    const { answers, entries } = await race({ publisher: ATLAS }, () => save(a, [3]), () => save(b, [4, 5]));
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204]);
    const ids = (side: unknown) => (side as { domains: { selfIdentifiers: { id: number }[] }[] }).domains[0]!.selfIdentifiers.map((item) => item.id);
    expect(entries.map((entry) => [ids(entry.before), ids(entry.after)])).toEqual([
      [[], [3]],
      [[3], [4, 5]],
    ]);
    expect((await undo(a, ATLAS, entries[1]!.id, 'multi')).statusCode).toBe(201);
    const [row] = await a.db.query<{ ids: number[] }>(
      'SELECT coalesce(array_agg(self_identifier_id ORDER BY self_identifier_id), $2) AS ids FROM zone_domain_self_identifiers WHERE zone_domain_id = $1',
      [domain, []],
    );
    expect(row?.ids).toEqual([3]);
  });
});
