// Slots: requests (validation, the flex limit, the zone's slot counter), the list, the CSV export of embed codes,
// and the reference lists the request form chooses from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { DEMO } from '../../server/src/db/seed/demo';
import { implementationTypes, inSlotPlacements, products, slotSizes } from '../../server/src/db/seed/data/reference';
import { slotCode } from '../../src/lib/slotCodes';
import { FLEX_SIZE_ID, SIZE_300X250, addSlot, count, insertZone } from '../support/zoneFixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const solo = DEMO.publishers.soloMedia;
const slotsOf = (zoneId: number) => count(t.db, 'SELECT 1 FROM slots WHERE zone_id = $1', [zoneId]);
const counterOf = async (zoneId: number) =>
  (await t.call({ method: 'GET', url: `/external/zones/${zoneId}`, as: 'solo' })).json().numberOfSlots as number;

function row(zoneId: number, overrides: Record<string, unknown> = {}) {
  return { trackingId: zoneId, slotSizeId: SIZE_300X250, name: 'Slot', implementationTypeId: 2, placementId: null, enabled: true, ...overrides };
}
const request = (zoneId: number, slots: unknown[], trackingId = zoneId) =>
  t.call({ method: 'PUT', url: `/external/zones/${zoneId}/slots/bulk`, as: 'solo', payload: { trackingId, slots } });

describe('requesting slots', () => {
  it('creates every row as a slot, answers them as the list shows them, and keeps the zone counter right', async () => {
    const zone = await insertZone(t.db, { publisherId: solo });
    await addSlot(t.db, zone, 'existing');
    const res = await request(zone, [
      row(zone, { name: '  Header  ', slotSizeId: 1, implementationTypeId: 1, placementId: 1 }),
      row(zone, { name: 'Sidebar', enabled: false }),
    ]);
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toEqual([
      {
        id: expect.any(Number),
        trackingId: zone,
        name: 'Header',
        slotSize: { id: 1, name: '728x90', width: 728, height: 90, flex: false },
        implementationType: { id: 1, name: 'JavaScript tag', type: 'slot' },
        inSlotPlacement: { id: 1, name: 'Above the fold' },
        enabled: true,
        placementId: 1,
        sizeId: 1,
        // Approval is the network operator's, outside the portal (spec section 4): a request is a request.
        status: 'REQUESTED',
      },
      expect.objectContaining({ name: 'Sidebar', sizeId: SIZE_300X250, inSlotPlacement: null, placementId: null, enabled: false, status: 'REQUESTED' }),
    ]);
    const listed = (await t.call({ method: 'GET', url: `/external/zones/${zone}/slots`, as: 'solo' })).json();
    expect(listed.map((slot: { name: string }) => slot.name)).toEqual(['existing', 'Header', 'Sidebar']);
    // A slot that reached the database otherwise (the operator's tools) is approved.
    expect(listed[0]).toMatchObject({ name: 'existing', status: 'APPROVED' });
    expect(listed.slice(1)).toEqual(created);
    expect(await counterOf(zone)).toBe(3);
    const page = await t.call({ method: 'POST', url: `/external/publishers/${solo}/zones/search?trackingIds=${zone}`, as: 'solo' });
    expect(page.json().content[0].numberOfSlots).toBe(3);
  });

  it('allows one flex slot per zone, counting the ones it already has', async () => {
    const zone = await insertZone(t.db, { publisherId: solo });
    const two = await request(zone, [row(zone, { slotSizeId: FLEX_SIZE_ID }), row(zone, { slotSizeId: FLEX_SIZE_ID, name: 'Flex-1' })]);
    expect(two.statusCode).toBe(409);
    expect(two.json().code).toBe('FLEX_SLOT_LIMIT');
    expect(await slotsOf(zone)).toBe(0);

    expect((await request(zone, [row(zone, { slotSizeId: FLEX_SIZE_ID, name: 'Flex' }), row(zone)])).statusCode).toBe(200);
    const another = await request(zone, [row(zone), row(zone, { slotSizeId: FLEX_SIZE_ID, name: 'Flex-1' })]);
    expect(another.statusCode).toBe(409);
    expect(await slotsOf(zone)).toBe(2);
    expect(await counterOf(zone)).toBe(2);
    expect((await request(zone, [row(zone, { name: 'More' })])).statusCode).toBe(200);
    expect(await counterOf(zone)).toBe(3);
  });

  it('keeps the counter right when requests arrive together', async () => {
    const zone = await insertZone(t.db, { publisherId: solo });
    const answers = await Promise.all([1, 2, 3, 4].map((n) => request(zone, [row(zone, { name: `A${n}` }), row(zone, { name: `B${n}` })])));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await counterOf(zone)).toBe(8);
    const flex = await Promise.all([1, 2].map((n) => request(zone, [row(zone, { slotSizeId: FLEX_SIZE_ID, name: `F${n}` })])));
    expect(flex.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await counterOf(zone)).toBe(9);
  });

  it.each([
    ['a body for another zone', (z: number) => ({ trackingId: z + 1, slots: [row(z)] }), ['/body/trackingId']],
    ['a row for another zone', (z: number) => ({ trackingId: z, slots: [row(z), row(z + 1)] }), ['/body/slots/1/trackingId']],
    ['an unknown size', (z: number) => ({ trackingId: z, slots: [row(z, { slotSizeId: 99 })] }), ['/body/slots/0/slotSizeId']],
    ['an unknown implementation type', (z: number) => ({ trackingId: z, slots: [row(z, { implementationTypeId: 99 })] }), ['/body/slots/0/implementationTypeId']],
    ['an unknown placement', (z: number) => ({ trackingId: z, slots: [row(z), row(z, { placementId: 99 })] }), ['/body/slots/1/placementId']],
    ['a blank name', (z: number) => ({ trackingId: z, slots: [row(z, { name: '   ' })] }), ['/body/slots/0/name']],
    ['no rows', (z: number) => ({ trackingId: z, slots: [] }), ['/body/slots']],
  ])('refuses %s with a 400 naming the field and writes nothing', async (_case, body, fields) => {
    const zone = await insertZone(t.db, { publisherId: solo });
    const res = await t.call({ method: 'PUT', url: `/external/zones/${zone}/slots/bulk`, as: 'solo', payload: body(zone) });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(fields));
    expect(await slotsOf(zone)).toBe(0);
    expect(await counterOf(zone)).toBe(0);
  });

  it('refuses an implementation type that is not a slot one', async () => {
    await t.db.query(`INSERT INTO implementation_types (id, name, type) VALUES (90, 'Service script', 'service') ON CONFLICT DO NOTHING`);
    const zone = await insertZone(t.db, { publisherId: solo });
    const res = await request(zone, [row(zone, { implementationTypeId: 90 })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('/body/slots/0/implementationTypeId');
  });
});

describe('exporting slot embed codes', () => {
  const TAG_SCRIPT = '<script async src="https://cdn.adnetwork.example/tag.js"></script>';

  it('sends a timestamped CSV attachment with each slot, its size, type, code and status, neutralising formulas; no code before approval', async () => {
    const zone = await insertZone(t.db, { publisherId: solo });
    const js = await addSlot(t.db, zone, 'Leaderboard', 1, 1);
    const flex = await addSlot(t.db, zone, 'Flex', FLEX_SIZE_ID, 4);
    const evil = await addSlot(t.db, zone, '=HYPERLINK("https://evil.example","x")', SIZE_300X250, 3);
    const requested = await request(zone, [row(zone, { name: 'Awaiting' })]);
    const awaiting = requested.json()[0].id as number;
    const res = await t.call({ method: 'GET', url: `/external/zones/${zone}/slots/embed-codes/export?fileType=CSV`, as: 'solo' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="zone-${zone}-slot-embed-codes-\\d{8}-\\d{6}\\.csv"$`));
    const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
    expect(res.body).toBe(
      '\uFEFF' +
        [
          'Slot ID,Name,Size,Implementation type,Code,Status',
          `${js},Leaderboard,728*90,JavaScript tag,${quoted(slotCode(1, { id: js, size: { name: '728x90', width: 728, height: 90 } }))},Approved`,
          // The console's rule (src/lib/slotCodes.ts), written out: AMP is the JavaScript tag with placement 2,
          // and a flex slot's tag carries no width and height.
          `${flex},Flex,Flex size,AMP tag,${quoted(`${TAG_SCRIPT}\n<div data-slot-id="${flex}" data-size="flex" data-placement="2"></div>`)},Approved`,
          `${evil},${quoted(`'=HYPERLINK("https://evil.example","x")`)},300*250,Bid URL,https://ads.adnetwork.example/slot/${evil}/bid,Approved`,
          `${awaiting},Awaiting,300*250,Slot ID,,Requested`,
        ].join('\r\n') +
        '\r\n',
    );
  });

  it('requires fileType=CSV', async () => {
    const zone = await insertZone(t.db, { publisherId: solo });
    const res = await t.call({ method: 'GET', url: `/external/zones/${zone}/slots/embed-codes/export`, as: 'solo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('/query/fileType');
  });
});

describe('reference lists', () => {
  const get = async (url: string) => (await t.call({ method: 'GET', url, as: 'solo' })).json();

  it('lists slot sizes with the flex one flagged', async () => {
    expect(await get('/external/slot-sizes')).toEqual(slotSizes.map(({ id, name, width, height, flex }) => ({ id, name, width, height, flex })));
  });

  it('lists slot implementation types, placements and services', async () => {
    expect(await get('/external/implementation-types?type=slot')).toEqual(implementationTypes.map(({ id, name, type }) => ({ id, name, type })));
    expect(await get('/external/slot-placements')).toEqual(inSlotPlacements);
    expect(await get('/external/services')).toEqual(
      [...products].sort((a, b) => a.id - b.id).map(({ id, name, key, allowedForApps }) => ({ id, name, key, allowedForApps })),
    );
  });

  it('refuses an implementation type kind the contract does not know', async () => {
    const res = await t.call({ method: 'GET', url: '/external/implementation-types?type=banner', as: 'solo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('/query/type');
  });
});
