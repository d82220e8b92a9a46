import { describe, expect, it } from 'vitest';
import { enabledProductIds, productChanges } from '../../../../../../src/resources/zones/edit/overview/productChanges';

const service = (id: number, enabled = true, implementationTypeId: number | null = null) => ({
  service: { id, name: `Service ${id}` },
  enabled,
  implementationTypeId,
});

describe('productChanges', () => {
  const services = [service(5), service(13, true, 2), service(14), service(12, false)];

  it('lists the enabled products', () => {
    expect(enabledProductIds(services)).toEqual([5, 13, 14]);
  });

  it('asks for nothing when the checked set is the enabled set, in any order', () => {
    expect(productChanges(services, [14, 5, 13])).toEqual({ toDelete: [], toPut: [], changed: false });
  });

  it('deletes the unchecked enabled services in the zone’s order, then puts every checked one', () => {
    expect(productChanges(services, [13, 15])).toEqual({
      toDelete: [5, 14],
      toPut: [
        { serviceId: 13, implementationTypeId: 2 },
        { serviceId: 15, implementationTypeId: null },
      ],
      changed: true,
    });
  });

  it('leaves a disabled service that stays unchecked alone', () => {
    expect(productChanges(services, [5, 13]).toDelete).toEqual([14]);
  });

  it('re-enables a disabled service that is checked, keeping its implementation type', () => {
    const result = productChanges([service(12, false, 3)], [12]);
    expect(result).toEqual({ toDelete: [], toPut: [{ serviceId: 12, implementationTypeId: 3 }], changed: true });
  });

  it('only deletes when everything is unchecked (a put needs at least one service)', () => {
    expect(productChanges(services, [])).toEqual({ toDelete: [5, 13, 14], toPut: [], changed: true });
  });

  it('adds to a zone without services', () => {
    expect(productChanges([], [5])).toEqual({ toDelete: [], toPut: [{ serviceId: 5, implementationTypeId: null }], changed: true });
  });
});
