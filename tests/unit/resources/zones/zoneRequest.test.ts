import { describe, expect, it } from 'vitest';
import {
  EMPTY_ZONE_FORM,
  rejectedEntries,
  toZoneCreateData,
  zoneCreateErrors,
  type ZoneFormValues,
} from '../../../../src/resources/zones/zoneRequest';
import { MAX_ZONE_ENTRIES } from '../../../../src/lib/limits';

const form = (overrides: Partial<ZoneFormValues>): ZoneFormValues => ({ ...EMPTY_ZONE_FORM, ...overrides });

describe('new-zone form rules', () => {
  it('requires a name that is not only white space, and entries', () => {
    expect(zoneCreateErrors(form({ name: '  ', entries: '' }))).toEqual({
      name: 'errorMessages.required',
      domains: { key: 'errorMessages.required' },
    });
    expect(zoneCreateErrors(form({ name: 'A', entries: 'example.com' }))).toEqual({});
  });

  it('names invalid entries and entries the server refused while they are still typed', () => {
    expect(zoneCreateErrors(form({ name: 'A', entries: 'example.com\nbad entry' })).domains).toEqual({
      key: 'zones.invalidDomains',
      values: { entries: 'bad entry' },
    });
    expect(zoneCreateErrors(form({ name: 'A', entries: 'example.com\nother.com' }), ['other.com']).domains).toEqual({
      key: 'zones.invalidDomains',
      values: { entries: 'other.com' },
    });
    expect(zoneCreateErrors(form({ name: 'A', entries: 'example.com' }), ['other.com'])).toEqual({});
  });

  it('refuses more entries than one request may carry', () => {
    const entries = Array.from({ length: MAX_ZONE_ENTRIES + 1 }, (_, i) => `site${i}.com`).join('\n');
    expect(zoneCreateErrors(form({ name: 'A', entries })).domains).toEqual({ key: 'zones.form.tooManyEntries', values: { max: 500 } });
  });

  it('sends the trimmed name, normalised domains without duplicates, the type id and the allowed services', () => {
    expect(toZoneCreateData(form({ name: ' Sports ', entries: 'www.example.com\nexample.com\n\nnews.example.org', services: [5, 14] }))).toEqual({
      name: 'Sports',
      domains: ['*.example.com', '*.news.example.org'],
      typeId: 1,
      services: [5, 14],
    });
    expect(
      toZoneCreateData(form({ name: 'App', zoneType: 'app', entries: ' https://apps.apple.com/us/app/x/id1 ', services: [5, 13] })),
    ).toEqual({ name: 'App', domains: ['https://apps.apple.com/us/app/x/id1'], typeId: 3, services: [13] });
  });
});

describe('rejectedEntries', () => {
  const values = form({ name: 'A', entries: 'example.com\nwww.shop.com\nshop.com' });
  const sent = ['*.example.com', '*.shop.com'];
  const error = (details: unknown) => ({ status: 400, body: { code: 'VALIDATION_FAILED', message: 'x', details } });

  it('finds the typed entries behind a normalised value the server names', () => {
    expect(rejectedEntries(error([{ field: '/body/domains/1', message: 'no' }]), sent, values)).toEqual(['www.shop.com', 'shop.com']);
  });

  it('ignores other fields, unknown indexes and answers without details', () => {
    expect(rejectedEntries(error([{ field: '/body/name', message: 'no' }, { field: '/body/domains/9', message: 'no' }]), sent, values)).toEqual([]);
    expect(rejectedEntries({ status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } }, sent, values)).toEqual([]);
    expect(rejectedEntries(new Error('network'), sent, values)).toEqual([]);
  });
});
