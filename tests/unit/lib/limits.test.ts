// The limits module is the contract's numbers written once for console and server: read them back from
// openapi/portal.yaml so a contract change that moves a limit fails here instead of in a form or a 400.
import { describe, expect, it } from 'vitest';
import { contractDocument } from '../../../server/src/http/contract';
import * as limits from '../../../src/lib/limits';

const contract = contractDocument() as Record<string, unknown>;

/** The value at a path of keys (a `name=` step picks the array element with that name). */
function at(...steps: string[]): unknown {
  let node: unknown = contract;
  for (const step of steps) {
    if (Array.isArray(node) && step.startsWith('name=')) node = node.find((entry: { name?: string }) => entry.name === step.slice(5));
    else node = (node as Record<string, unknown> | undefined)?.[step];
  }
  return node;
}
const parameter = (pathName: string, method: string, name: string) => at('paths', pathName, method, 'parameters', `name=${name}`, 'schema');
const body = (pathName: string, method: string) => at('paths', pathName, method, 'requestBody', 'content', 'application/json', 'schema');
const schema = (name: string) => at('components', 'schemas', name) as Record<string, Record<string, Record<string, unknown>>>;

describe('contract limits', () => {
  it('ids and pages', () => {
    expect(limits.MAX_ID).toBe(at('components', 'schemas', 'Id', 'maximum'));
    expect(limits.MAX_PAGE_SIZE).toBe(at('components', 'parameters', 'Size', 'schema', 'maximum'));
    expect(limits.PAGE_SIZE_OPTIONS.at(-1)).toBe(limits.MAX_PAGE_SIZE);
  });

  it('search terms and results', () => {
    expect(parameter('/external/publishers/simple-search', 'get', 'searchTerm')).toMatchObject({ maxLength: limits.MAX_SEARCH_TERM_LENGTH });
    expect(parameter('/external/publishers/simple-search', 'get', 'maxResults')).toMatchObject({ default: limits.MAX_SEARCH_RESULTS });
    expect(parameter('/external/advertisers-global/search', 'get', 'partialName')).toMatchObject({
      minLength: limits.MIN_ADVERTISER_SEARCH_LENGTH,
      maxLength: limits.MAX_SEARCH_TERM_LENGTH,
    });
    expect(parameter('/external/advertisers-global/search', 'get', 'size')).toMatchObject({ maximum: limits.MAX_SEARCH_RESULTS });
    expect(parameter('/external/publishers/{publisherId}/zones/search', 'post', 'names')).toMatchObject({
      items: { maxLength: limits.MAX_SEARCH_TERM_LENGTH },
    });
  });

  it('zone, slot, blocked-URL and restriction writes', () => {
    expect(schema('ZoneName')).toMatchObject({ maxLength: limits.MAX_ZONE_NAME_LENGTH });
    expect(schema('ZoneRequest').properties?.domains).toMatchObject({ maxItems: limits.MAX_ZONE_ENTRIES });
    const slots = schema('SlotRequestBulk').properties?.slots as { maxItems: number; items: { properties: { name: unknown } } };
    expect(slots.maxItems).toBe(limits.MAX_SLOT_ROWS);
    expect(slots.items.properties.name).toMatchObject({ maxLength: limits.MAX_SLOT_NAME_LENGTH });
    const patterns = schema('AssetUrlFilterPatternBulk').properties?.zoneAssetUrlFilterPatternParamList as {
      maxItems: number;
      items: { properties: { pattern: unknown } };
    };
    expect(patterns.maxItems).toBe(limits.MAX_BLOCKED_URLS_PER_REQUEST);
    expect(patterns.items.properties.pattern).toMatchObject({ maxLength: limits.MAX_BLOCKED_URL_LENGTH });
    expect(body('/external/{entity}/{entityId}/restrictions/bulk', 'delete')).toMatchObject({ maxItems: limits.MAX_RESTRICTION_IDS_PER_DELETE });
    expect((schema('RestrictionBulk') as unknown as { items: { properties: { restrictions: unknown } } }).items.properties.restrictions).toMatchObject({
      maxItems: limits.MAX_RESTRICTIONS_PER_CREATE,
    });
    expect(schema('RevenueAtStakeRequest').properties?.items).toMatchObject({ maxItems: limits.MAX_REVENUE_AT_STAKE_ITEMS });
    expect(schema('RestrictionImport').properties?.entries).toMatchObject({ maxItems: limits.MAX_IMPORT_ENTRIES });
  });

  it('the caps of what the server keeps and answers', () => {
    const response = (pathName: string, method: string, status: string, type = 'application/json') =>
      at('paths', pathName, method, 'responses', status, 'content', type, 'schema') as Record<string, unknown>;
    expect(response('/external/zones/{zoneId}/asset-url-filter-patterns', 'get', '200')).toMatchObject({ maxItems: limits.MAX_BLOCKED_URLS_PER_ZONE });
    expect(response('/external/zones/{zoneId}/slots', 'get', '200')).toMatchObject({ maxItems: limits.MAX_SLOTS_PER_ZONE });
    expect(schema('RestrictionGroup').properties?.restrictions).toMatchObject({ maxItems: 2 * limits.MAX_BLOCKS_PER_TYPE });
    expect(response('/external/publishers/{publisherId}/history/authors', 'get', '200')).toMatchObject({ maxItems: limits.MAX_HISTORY_AUTHORS });
    expect(schema('TwoFactorStatus').properties?.requiredBy).toMatchObject({ maxItems: limits.MAX_REQUIRED_BY });
    const months = schema('PaymentEarnings').properties?.months as { items: { properties: { zones: unknown } } };
    expect(months.items.properties.zones).toMatchObject({ maxItems: limits.MAX_EARNINGS_ZONES });
    const details = schema('Error').properties?.details as { maxItems: number; items: { properties: Record<string, unknown> } };
    expect(details.maxItems).toBe(limits.MAX_ERROR_DETAILS);
    expect(details.items.properties.field).toMatchObject({ maxLength: limits.MAX_ERROR_TEXT_LENGTH });
    expect(details.items.properties.message).toMatchObject({ maxLength: limits.MAX_ERROR_TEXT_LENGTH });
    expect(schema('Error').properties?.message).toMatchObject({ maxLength: limits.MAX_ERROR_TEXT_LENGTH });
    expect(response('/external/{entity}/{entityId}/restrictions/export', 'get', '200', 'text/csv')).toMatchObject({ maxLength: limits.MAX_CSV_LENGTH });
    expect(response('/frames/dashboard/{reportId}', 'get', '200', 'text/html')).toMatchObject({ maxLength: limits.MAX_FRAME_PAGE_LENGTH });
  });
});
