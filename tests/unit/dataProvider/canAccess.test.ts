import { describe, expect, it } from 'vitest';
import {
  canAccess,
  isPortalResource,
  PORTAL_RESOURCES,
  subjectFromSession,
  type AccessSubject,
  type PortalResource,
} from '../../../src/dataProvider/canAccess';
import type { Role } from '../../../src/lib/roles';
import { internalTokenPayload, legacyPublisher, publisher, tokenPayload } from '../../support/builders';

const regular = { businessUnit: { id: 1 }, role: 'ADMIN' as const };
const legacy = { businessUnit: { id: 7 }, role: 'ADMIN' as const };

const subjects = {
  externalOne: { isInternal: false, roles: [], publisher: regular, publisherCount: 1 },
  externalMany: { isInternal: false, roles: [], publisher: regular, publisherCount: 3 },
  externalLegacy: { isInternal: false, roles: [], publisher: legacy, publisherCount: 1 },
  externalNone: { isInternal: false, roles: [], publisher: null, publisherCount: 3 },
  internal: { isInternal: true, roles: ['ADMIN'], publisher: regular, publisherCount: 0 },
  internalLegacy: { isInternal: true, roles: ['ADMIN'], publisher: legacy, publisherCount: 0 },
  internalNone: { isInternal: true, roles: ['ADMIN'], publisher: null, publisherCount: 0 },
} satisfies Record<string, AccessSubject>;

type SubjectName = keyof typeof subjects;
const Y = true;
const n = false;

// Columns: externalOne, externalMany, externalLegacy, externalNone, internal, internalLegacy, internalNone
const TABLE: Record<PortalResource, [boolean, boolean, boolean, boolean, boolean, boolean, boolean]> = {
  reporting: [Y, Y, Y, n, Y, Y, n],
  payments: [Y, Y, Y, n, Y, Y, n],
  'payments.previous': [Y, Y, n, n, Y, n, n],
  zones: [Y, Y, n, n, Y, n, n],
  'global-advertiser-blocks': [Y, Y, n, n, Y, n, n],
  'account-settings': [Y, Y, Y, n, Y, Y, n],
  'account-settings.inclusive-inventory-program': [Y, Y, n, n, Y, n, n],
  'account-settings.authorized-digital-sellers': [Y, Y, Y, n, Y, Y, n],
  'account-settings.billing': [Y, Y, Y, n, Y, Y, n],
  'account-settings.password-update': [Y, Y, Y, n, Y, Y, n],
  'account-settings.history': [Y, Y, n, n, Y, n, n],
  'account-settings.security': [Y, Y, Y, n, Y, Y, n],
  'account-settings.team': [Y, Y, n, n, Y, n, n],
  // API keys (issue 29): admins and staff; not for the legacy just-premium product.
  'account-settings.api-keys': [Y, Y, n, n, Y, n, n],
  gdpr: [n, n, n, n, n, n, n],
  // Revenue alerts (issue 23): legacy just-premium publishers get their whole-publisher alerts.
  alerts: [Y, Y, Y, n, Y, Y, n],
  // The ad review center (issue 28): every role of a publisher lists its creatives; not for the legacy product.
  creatives: [Y, Y, n, n, Y, n, n],
  'account-settings.notifications': [Y, Y, Y, n, Y, Y, n],
  // The ads.txt monitor (issue 27): not for the legacy just-premium product (no zones); the network page for staff.
  'account-settings.ads-txt-monitor': [Y, Y, n, n, Y, n, n],
  'network.ads-txt-monitor': [n, n, n, n, Y, Y, n],
  'change-publisher': [n, Y, n, Y, Y, Y, Y],
  'publishers.search-all': [n, n, n, n, Y, Y, Y],
};

const NAMES = Object.keys(subjects) as SubjectName[];
const cases = Object.entries(TABLE).flatMap(([resource, row]) =>
  NAMES.map((name, column) => [resource as PortalResource, name, row[column]] as const),
);

describe('canAccess (spec section 6)', () => {
  it('covers every portal resource', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...PORTAL_RESOURCES].sort());
  });

  it.each(cases)('%s for %s -> %s', (resource, name, expected) => {
    expect(canAccess(subjects[name], resource)).toBe(expected);
  });

  it.each(['list', 'create', 'edit', 'show', 'requestSlots'])('refuses legacy publishers zones for action %s', (action) => {
    expect(canAccess(subjects.externalLegacy, 'zones', action)).toBe(false);
    expect(canAccess(subjects.externalOne, 'zones', action)).toBe(true);
  });

  it('refuses an action the resource does not name', () => {
    expect(canAccess(subjects.internal, 'zones', 'delete')).toBe(false);
  });

  it('lets an external user with exactly two publishers change publisher', () => {
    expect(canAccess({ ...subjects.externalOne, publisherCount: 2 }, 'change-publisher')).toBe(true);
  });

  it('knows its resources by name', () => {
    expect(isPortalResource('zones')).toBe(true);
    expect(isPortalResource('account-settings.billing')).toBe(true);
    expect(isPortalResource('users')).toBe(false);
  });
});

describe("the member's role (issue 22)", () => {
  const member = (role: Role | null) => ({ isInternal: false, roles: [], publisher: { businessUnit: { id: 1 }, role }, publisherCount: 1 });
  // Columns: ADMIN, EDITOR, VIEWER, FINANCE, no role (a stored publisher from before roles)
  const ROLE_TABLE: [PortalResource, string, boolean, boolean, boolean, boolean, boolean][] = [
    ['reporting', 'show', Y, Y, Y, Y, n],
    ['payments', 'show', Y, n, n, Y, n],
    ['payments.previous', 'show', Y, n, n, Y, n],
    ['account-settings.billing', 'show', Y, n, n, Y, n],
    ['zones', 'show', Y, Y, Y, n, n],
    ['zones', 'edit', Y, Y, n, n, n],
    ['zones', 'create', Y, Y, n, n, n],
    ['global-advertiser-blocks', 'show', Y, Y, Y, n, n],
    ['global-advertiser-blocks', 'edit', Y, Y, n, n, n],
    ['account-settings.authorized-digital-sellers', 'show', Y, Y, n, n, n],
    ['account-settings.inclusive-inventory-program', 'show', Y, Y, n, n, n],
    ['account-settings.history', 'show', Y, Y, Y, n, n],
    ['account-settings.history', 'undo', Y, Y, n, n, n],
    ['account-settings.team', 'show', Y, Y, Y, Y, n],
    ['account-settings.team', 'edit', Y, n, n, n, n],
    ['account-settings.team', 'invite', Y, n, n, n, n],
    ['account-settings.team', 'resetTwoFactor', n, n, n, n, n],
    ['account-settings.api-keys', 'show', Y, n, n, n, n],
    ['account-settings.api-keys', 'create', Y, n, n, n, n],
    ['account-settings.api-keys', 'revoke', Y, n, n, n, n],
    ['account-settings.password-update', 'show', Y, Y, Y, Y, Y],
    ['account-settings.security', 'show', Y, Y, Y, Y, Y],
    ['gdpr', 'accept', Y, n, n, n, n],
  ];

  it.each(ROLE_TABLE)('%s %s: admin %s, editor %s, viewer %s, finance %s, none %s', (resource, action, ...expected) => {
    expect((['ADMIN', 'EDITOR', 'VIEWER', 'FINANCE', null] as const).map((role) => canAccess(member(role), resource, action))).toEqual(expected);
  });

  it('lets network staff do everything a publisher may, a member second factor reset included', () => {
    expect(canAccess(subjects.internal, 'account-settings.team', 'resetTwoFactor')).toBe(true);
    expect(canAccess(subjects.internal, 'payments', 'show')).toBe(true);
  });

  it("lets network staff list and revoke a publisher's API keys but not create one (a key is the publisher's own)", () => {
    expect(canAccess(subjects.internal, 'account-settings.api-keys', 'show')).toBe(true);
    expect(canAccess(subjects.internal, 'account-settings.api-keys', 'revoke')).toBe(true);
    expect(canAccess(subjects.internal, 'account-settings.api-keys', 'create')).toBe(false);
    expect(canAccess(subjects.externalOne, 'account-settings.api-keys', 'create')).toBe(true);
  });
});

describe('subjectFromSession', () => {
  it('takes the flags from the token and the publishers from the session', () => {
    const selected = legacyPublisher();
    const state = {
      jwt: 'x',
      token: internalTokenPayload(),
      publisher: selected,
      publishers: [selected, publisher()],
    };
    expect(subjectFromSession(state)).toEqual({ isInternal: true, roles: ['ADMIN'], publisher: selected, publisherCount: 2 });
  });

  it('grants nothing without a token, whatever is still stored', () => {
    const subject = subjectFromSession({ token: null, publisher: publisher(), publishers: [publisher(), publisher()] });
    expect(PORTAL_RESOURCES.filter((resource) => canAccess(subject, resource))).toEqual([]);
  });

  it('reads an external user as external', () => {
    const subject = subjectFromSession({ token: tokenPayload(), publisher: publisher(), publishers: [publisher()] });
    expect(subject).toMatchObject({ isInternal: false, roles: [], publisherCount: 1 });
  });
});
