import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { collectAllZones, enabledProductLabels, zoneCsvRow, zonesCsv, ZONE_EXPORT_PAGE_SIZE } from '../../../../src/resources/zones/zoneExport';

const service = (id: number, name: string, enabled = true) => ({ service: { id, name }, enabled, implementationTypeId: null });
const zone = (trackingId: number, name = `Zone ${trackingId}`, services = [service(5, 'InImage Ads')], numberOfSlots = 1) => ({
  trackingId,
  name,
  services,
  numberOfSlots,
});

describe('zone CSV rows', () => {
  it('lists the enabled products as the chips name them', () => {
    expect(enabledProductLabels(zone(1, 'a', [service(14, 'Native Ads'), service(5, 'InImage Ads'), service(12, 'InScreen Ads', false)]))).toEqual([
      'In-Content',
      'InImage',
    ]);
  });

  it('writes id, name, products and slots', () => {
    expect(zoneCsvRow(zone(7, 'Sports', [service(14, 'Native Ads'), service(16, 'Video')], 3))).toEqual([7, 'Sports', 'In-Content, Video', 3]);
    expect(zoneCsvRow(zone(8, 'Empty', [], 0))).toEqual([8, 'Empty', '', 0]);
  });

  it('makes a file with the translated header and neutralised names', () => {
    const csv = zonesCsv({ id: 'Zone ID', name: 'Name', products: 'Products', slots: 'Slots' }, [zone(1, '=1+2'), zone(2, 'A, B', [], 0)]);
    expect(csv).toBe("Zone ID,Name,Products,Slots\r\n1,'=1+2,InImage,1\r\n2,\"A, B\",,0\r\n");
  });

  it("has no cell starting a formula when a spreadsheet splits it on ';' (German and French Excel)", () => {
    const names = [";=cmd|' /C calc'!A0;", 'x;=HYPERLINK("http://evil.example/","go")', 'a;@SUM(1)'];
    const csv = zonesCsv({ id: 'Zone ID', name: 'Name', products: 'Products', slots: 'Slots' }, names.map((name, i) => zone(i + 1, name)));
    const cells = Papa.parse<string[]>(csv, { delimiter: ';', newline: '\r\n' }).data.flat();
    expect(cells.filter((cell) => /^[ "]*[=+\-@|\t\r]/.test(cell))).toEqual([]);
    expect(cells.some((cell) => cell.startsWith("'=HYPERLINK"))).toBe(true);
  });
});

describe('collectAllZones', () => {
  /** An API over `count` zones answering pages of `perPage`. */
  function api(count: number) {
    const all = Array.from({ length: count }, (_, index) => zone(index + 1));
    const pages: number[] = [];
    const fetchPage = async (page: number, perPage: number) => {
      pages.push(page);
      return { data: all.slice((page - 1) * perPage, page * perPage), total: all.length };
    };
    return { fetchPage, pages };
  }

  it('reads every page of 100 and reports progress', async () => {
    const { fetchPage, pages } = api(250);
    const progress: string[] = [];
    const zones = await collectAllZones(fetchPage, ({ done, total }) => progress.push(`${done}/${total}`));
    expect(ZONE_EXPORT_PAGE_SIZE).toBe(100);
    expect(zones.map((z) => z.trackingId)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(pages).toEqual([1, 2, 3]);
    expect(progress).toEqual(['100/250', '200/250', '250/250']);
  });

  it('stops after one page when everything fits, and asks once for none', async () => {
    const exact = api(100);
    expect(await collectAllZones(exact.fetchPage)).toHaveLength(100);
    expect(exact.pages).toEqual([1]);
    const none = api(0);
    expect(await collectAllZones(none.fetchPage)).toEqual([]);
    expect(none.pages).toEqual([1]);
  });

  it('keeps a zone seen twice once (rows shifting between pages) and stops at a short page', async () => {
    const first = Array.from({ length: 100 }, (_, i) => zone(i + 1));
    const second = [zone(100), zone(101)];
    const zones = await collectAllZones(async (page) => ({ data: page === 1 ? first : page === 2 ? second : [], total: 102 }));
    expect(zones).toHaveLength(101);
  });

  it('stops between pages when aborted, and passes a failure on', async () => {
    const controller = new AbortController();
    const { fetchPage, pages } = api(500);
    await expect(
      collectAllZones(fetchPage, ({ done }) => {
        if (done === 200) controller.abort();
      }, controller.signal),
    ).rejects.toThrow();
    expect(pages).toEqual([1, 2]);
    await expect(collectAllZones(async () => Promise.reject(new Error('HTTP 500')))).rejects.toThrow('HTTP 500');
  });
});
