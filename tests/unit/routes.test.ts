import { describe, expect, it } from 'vitest';
import { childOf, parseZoneId, paths, resourceOf, zonePaths } from '../../src/routes';

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

describe('Resource names and child routes (App.tsx)', () => {
  it('names a Resource by the spec path it serves, so react-admin mounts it there', () => {
    expect(resourceOf(paths.history)).toBe('account-settings/history');
    expect(resourceOf(paths.previousPayments)).toBe('payments/previous');
    expect(resourceOf(zonePaths.list)).toBe('zones');
    expect(() => resourceOf('/')).toThrow();
    expect(() => resourceOf('zones')).toThrow();
  });

  it('gives a view its path below its Resource', () => {
    expect(childOf(zonePaths.list, zonePaths.create)).toBe('new');
    expect(childOf(zonePaths.list, zonePaths.patterns.edit)).toBe('edit/:zoneId/*');
    expect(childOf(paths.alerts, paths.alertPattern)).toBe(':alertId');
    expect(() => childOf(paths.alerts, paths.history)).toThrow();
    expect(() => childOf(paths.zones, '/zonesx/new')).toThrow();
  });
});
