// Several API instances on one PostgreSQL database (issue 24), as in-process apps with a connection pool each, as
// separate processes would have: any request may go to any instance, because everything a later request depends
// on is in the database (tokens' secret, password changes, sign-in throttling, reset links, data, history, the
// retention's turn). Instances starting together on an empty database migrate and seed it once, never half.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/db';
import { loadMigrations } from '../../server/src/db/migrate';
import { openDatabase } from '../../server/src/db/open';
import { DEMO, seedDemoIfEmpty } from '../../server/src/db/seed/demo';
import { applyHistoryRetention } from '../../server/src/history/retention';
import { LIMITS } from '../../server/src/auth/throttle';
import { DEMO_PASSWORD, NEW_PASSWORD, addUser, login, loginToken, protectedCall, requestReset } from '../support/auth';
import { entriesSince, lastEntryId, undo } from '../support/history';
import { createDatabase, twoInstancesOnTemplate, withPostgres, type TestDatabase } from '../support/postgres';
import { testConfig, type TestApp } from '../support/serverHarness';
import { insertZone } from '../support/zoneFixtures';

const POSTGRES = withPostgres('severalInstances.test.ts');
const ATLAS = DEMO.publishers.atlasNews;
const WRONG = 'Wrong#2026pass';

describe.runIf(POSTGRES)('any request to any instance', () => {
  const pair = twoInstancesOnTemplate();
  let a: TestApp;
  let b: TestApp;
  beforeAll(() => void ({ a, b } = pair));

  it('takes a token signed in on A at B', async () => {
    const token = await loginToken(a, 'multi@publisher.example');
    expect((await protectedCall(b, token)).statusCode).toBe(200);
  });

  it('refuses at B the tokens issued before a password change on A, and takes the fresh one', async () => {
    await addUser(a, 'changer@publisher.example');
    const before = await loginToken(b, 'changer@publisher.example');
    const change = await a.call({
      method: 'POST',
      url: '/auth/change-pwd',
      headers: { authorization: `Bearer ${before}` },
      payload: { email: 'changer@publisher.example', password: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await protectedCall(b, before)).statusCode).toBe(401);
    expect((await protectedCall(b, change.json().jwt)).statusCode).toBe(200);
    expect((await login(b, 'changer@publisher.example', DEMO_PASSWORD)).statusCode).toBe(401);
  });

  it('counts wrong passwords across instances exactly as one would: the limit holds whichever instance each guess reaches', async () => {
    await addUser(a, 'guessed@publisher.example');
    const address = '203.0.113.40';
    const guesses = await Promise.all(
      Array.from({ length: LIMITS.accountAddress.max + 2 }, (_, i) => login(i % 2 ? b : a, 'guessed@publisher.example', WRONG, address)),
    );
    expect(guesses.map((res) => res.statusCode).sort()).toEqual([...Array(LIMITS.accountAddress.max).fill(401), 429, 429]);
    for (const t of [a, b]) expect((await login(t, 'guessed@publisher.example', DEMO_PASSWORD, address)).statusCode).toBe(429);
  });

  it('validates on B, once, a reset link mailed by A', async () => {
    await addUser(a, 'resetter@publisher.example');
    const mail = await requestReset(a, 'resetter@publisher.example');
    const validated = await b.call({ method: 'POST', url: '/auth/validate', payload: { tk: mail.tk, ue: mail.ue, ts: mail.ts } });
    expect(validated.statusCode, validated.body).toBe(200);
    const { pwd } = validated.json().response;
    const reset = await b.call({ method: 'POST', url: '/auth/reset-pwd', payload: { tk: mail.tk, ue: mail.ue, password: pwd, newPassword: NEW_PASSWORD } });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await a.call({ method: 'POST', url: '/auth/validate', payload: { tk: mail.tk, ue: mail.ue, ts: mail.ts } });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('LINK_INVALID');
  });

  it('reads on B at once what A wrote', async () => {
    const zoneId = await insertZone(a.db, { publisherId: ATLAS, name: 'Read me' });
    const write = await a.call({ method: 'PUT', url: `/external/zones/${zoneId}`, as: 'multi', payload: { name: 'Written on A', typeId: 1, enabled: true } });
    expect(write.statusCode).toBe(200);
    expect((await b.call({ method: 'GET', url: `/external/zones/${zoneId}`, as: 'multi' })).json().name).toBe('Written on A');
  });

  it("answers on A the exact filtered zone total after a rename on B (the total A kept is checked against the database's version)", async () => {
    const total = async (t: TestApp) =>
      (await t.call({ method: 'POST', url: `/external/publishers/${ATLAS}/zones/search?names=kept%20total`, as: 'multi' })).json().totalElements;
    const zoneId = await insertZone(a.db, { publisherId: ATLAS, name: 'Kept total one' });
    expect(await total(a)).toBe(1);
    expect(await total(a)).toBe(1);
    expect((await b.call({ method: 'PUT', url: `/external/zones/${zoneId}`, as: 'multi', payload: { name: 'Renamed away', typeId: 1, enabled: true } })).statusCode).toBe(200);
    expect(await total(a)).toBe(0);
  });

  it('ends racing writes of one object through A and B without a 5xx, with one history entry each, chained', async () => {
    const zoneId = await insertZone(a.db, { publisherId: ATLAS, name: 'Raced' });
    const since = await lastEntryId(a.db);
    const names = Array.from({ length: 12 }, (_, i) => `Race ${i}`);
    const answers = await Promise.all(
      names.map((name, i) => (i % 2 ? b : a).call({ method: 'PUT', url: `/external/zones/${zoneId}`, as: 'multi', payload: { name, typeId: 1, enabled: true } })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(names.map(() => 200));
    const entries = await entriesSince(a.db, since);
    expect(entries).toHaveLength(names.length);
    // In commit order each entry starts where the one before ended: no change was recorded over another.
    let current = 'Raced';
    for (const entry of entries) {
      expect(entry.before).toEqual({ name: current });
      current = (entry.after as { name: string }).name;
    }
    expect((await b.call({ method: 'GET', url: `/external/zones/${zoneId}`, as: 'multi' })).json().name).toBe(current);
  });

  it('lets one of two racing undos of one entry through A and B succeed and refuses the other', async () => {
    const zoneId = await insertZone(a.db, { publisherId: ATLAS, name: 'Undo race' });
    const since = await lastEntryId(a.db);
    expect((await a.call({ method: 'PUT', url: `/external/zones/${zoneId}`, as: 'multi', payload: { name: 'Renamed', typeId: 1, enabled: true } })).statusCode).toBe(200);
    const [entry] = await entriesSince(a.db, since);
    const answers = await Promise.all([undo(a, ATLAS, entry!.id, 'multi'), undo(b, ATLAS, entry!.id, 'multi')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((res) => res.statusCode === 409)!.json().code).toBe('ALREADY_UNDONE');
    expect(await entriesSince(a.db, entry!.id)).toHaveLength(1);
  });

  it('runs the history retention once across instances: both start it, one removes, the other finds nothing left to do', async () => {
    const total = (await a.db.one<{ n: number }>('SELECT count(*)::int AS n FROM history'))!.n;
    expect(total).toBeGreaterThan(0);
    // Every entry is past the retention at a moment far enough ahead; nothing waits for it to come.
    const later = new Date(Date.now() + 1_000 * 86_400_000);
    const removed = await Promise.all(pair.instances.dbs.map((db) => applyHistoryRetention(db, 400, later)));
    expect(removed.reduce((sum, n) => sum + n, 0)).toBe(total);
    expect(Math.min(...removed)).toBe(0);
    expect((await b.db.one<{ n: number }>('SELECT count(*)::int AS n FROM history'))!.n).toBe(0);
  });
});

describe.runIf(POSTGRES)('instances starting together on an empty database', () => {
  const databases: TestDatabase[] = [];
  const opened: Db[] = [];
  afterAll(async () => {
    for (const db of opened) await db.close();
    for (const database of databases) await database.drop();
  });
  const emptyDatabase = async () => {
    const database = await createDatabase('empty');
    databases.push(database);
    return database;
  };
  const count = async (db: Db, table: string) => (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))!.n;

  it('migrates and seeds it once: both start, one does the work, the other waits and finds it done', async () => {
    const { url } = await emptyDatabase();
    const config = testConfig({ DATABASE_URL: url, SEED: 'demo', DATABASE_POOL_SIZE: '3' });
    const [first, second] = await Promise.all([openDatabase(config), openDatabase(config)]);
    opened.push(first!, second!);
    expect(await count(first!, 'schema_migrations')).toBe((await loadMigrations()).length);
    expect(await count(second!, 'users')).toBe(Object.keys(DEMO.users).length);
    expect(await count(second!, 'publishers')).toBe(5 + DEMO.otherPublisherCount);
    const zones = await first!.one<{ n: number }>('SELECT count(*)::int AS n FROM zones WHERE publisher_id = $1', [ATLAS]);
    expect(zones!.n).toBeGreaterThan(0);
  });

  it('leaves nothing of a seed that failed half-way, and the next start seeds it whole', async () => {
    const { url } = await emptyDatabase();
    const migrated = await openDatabase(testConfig({ DATABASE_URL: url, SEED: 'none' }));
    opened.push(migrated);
    // The seed's transaction fails at its 12th statement, after the reference data and more went in: all of it goes.
    let statements = 0;
    const broken = () => ++statements === 12;
    const failing: Db = {
      ...migrated,
      transaction: (fn) =>
        migrated.transaction((tx) =>
          fn({
            ...tx,
            query: (sql, params) => (broken() ? Promise.reject(new Error('the seed broke here')) : tx.query(sql, params)),
            one: (sql, params) => (broken() ? Promise.reject(new Error('the seed broke here')) : tx.one(sql, params)),
            exec: (sql) => (broken() ? Promise.reject(new Error('the seed broke here')) : tx.exec(sql)),
          }),
        ),
    };
    await expect(seedDemoIfEmpty(failing, { passwordHashing: 'unsafe-fast-for-tests' })).rejects.toThrow('the seed broke here');
    for (const table of ['business_units', 'users', 'publishers', 'zones']) expect(await count(migrated, table), table).toBe(0);

    const restarted = await openDatabase(testConfig({ DATABASE_URL: url, SEED: 'demo' }));
    opened.push(restarted);
    expect(await count(restarted, 'users')).toBe(Object.keys(DEMO.users).length);
  });
});
