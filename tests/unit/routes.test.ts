import { describe, expect, it } from 'vitest';
import { parseZoneId, zonePaths } from '../../src/routes';

describe('zone edit paths', () => {
  it('builds the tab addresses of the spec', () => {
    expect(zonePaths.edit(1001)).toBe('/zones/edit/1001');
    expect(zonePaths.edit(1001, 'overview')).toBe('/zones/edit/1001/overview');
    expect(zonePaths.edit(1001, 'slots/create')).toBe('/zones/edit/1001/slots/create');
  });

  it.each([
    ['1001', 1001],
    ['1', 1],
    ['2147483647', 2147483647],
  ])('reads %s as a zone id', (value, id) => {
    expect(parseZoneId(value)).toBe(id);
  });

  it.each([undefined, '', 'abc', '0', '-1', '1.5', '10x', '2147483648', '99999999999', ' 1'])('refuses %s', (value) => {
    expect(parseZoneId(value)).toBeNull();
  });
});
