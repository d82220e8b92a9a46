// History entries of every kind, as the server records them (src/lib/history.ts shapes), for the history tests.
import type { HistoryRecord } from '../../../../src/dataProvider/resources';

const atlas = { id: 1001, name: 'Atlas Homepage' };
const owner = { id: 11, name: 'Solo Owner', email: 'solo@publisher.example', internal: false };
const staff = { id: 1, name: 'Staff Member', email: null, internal: true };
const eddie = { id: 12, name: 'Eddie Editor', email: 'editor@publisher.example' };

export function entry(overrides: Partial<HistoryRecord> & Pick<HistoryRecord, 'kind' | 'before' | 'after'>): HistoryRecord {
  return {
    id: 7,
    at: '2026-11-20T09:30:00.000Z',
    operation: 'updateZone',
    zone: atlas,
    author: owner,
    undoes: null,
    undoneBy: null,
    reversible: true,
    ...overrides,
  };
}

export const ENTRIES = {
  zoneCreated: entry({ kind: 'ZONE', operation: 'requestZone', before: null, after: { name: 'Atlas Sports', typeId: 1, domains: ['*.atlas.example'] }, reversible: false }),
  renamed: entry({ kind: 'ZONE', before: { name: 'Atlas Homepage' }, after: { name: 'Atlas Front' } }),
  statusChanged: entry({ kind: 'ZONE', before: { enabled: true, zoneGradeId: null }, after: { enabled: false, zoneGradeId: 3 }, author: staff }),
  products: entry({
    kind: 'PRODUCTS',
    operation: 'putZoneServices',
    // As the server records them: the services' own names ('InScreen Ads'), which the console shows as its chips do.
    before: { zones: [{ zone: atlas, products: [{ id: 5, name: 'InImage Ads', implementationTypeId: null }, { id: 12, name: 'InScreen Ads', implementationTypeId: null }] }] },
    after: { zones: [{ zone: atlas, products: [{ id: 5, name: 'InImage Ads', implementationTypeId: null }, { id: 14, name: 'Native Ads', implementationTypeId: null }] }] },
  }),
  urls: entry({
    kind: 'BLOCKED_URLS',
    operation: 'addBlockedUrls',
    before: { urls: [] },
    after: { urls: [{ id: 5, pattern: 'casino', urlType: 'PAGE', evalType: 'CONTAINS' }] },
  }),
  slots: entry({ kind: 'SLOTS', operation: 'requestSlots', before: { slots: [] }, after: { slots: [{ id: 9, name: 'Top banner', size: '728x90', enabled: true }] }, reversible: false }),
  blocks: entry({
    kind: 'BLOCKS',
    operation: 'createRestrictions',
    zone: null,
    before: { blocks: [{ type: 'iab_category', id: 'IAB7', name: 'Health & Fitness' }] },
    after: {
      blocks: [
        { type: 'advertiser', id: '42', name: 'Solar Shoes' },
        { type: 'advertiser_domain', id: '*.casino.example', name: '*.casino.example' },
      ],
    },
  }),
  manyBlocks: entry({
    id: 8,
    kind: 'BLOCKS',
    operation: 'importRestrictions',
    zone: null,
    before: { blocks: [] },
    after: { blocks: Array.from({ length: 11 }, (_, i) => ({ type: 'advertiser' as const, id: String(i + 1), name: `Advertiser ${i + 1}` })) },
  }),
  selfIdentifiers: entry({
    kind: 'SELF_IDENTIFIERS',
    operation: 'saveZoneDomainSelfIdentifiers',
    zone: null,
    before: { domains: [{ zoneDomainId: 3, zone: atlas, domain: '*.atlas.example', selfIdentifiers: [{ id: 1, name: 'Women-owned' }] }] },
    after: { domains: [{ zoneDomainId: 3, zone: atlas, domain: '*.atlas.example', selfIdentifiers: [{ id: 2, name: 'Black-owned' }] }] },
  }),
  gdpr: entry({ kind: 'GDPR', operation: 'acceptGdpr', zone: null, before: null, after: { acceptedAt: '2026-11-20T09:30:00.000Z' }, reversible: false }),
  // The team (issue 22)
  memberJoined: entry({ kind: 'MEMBER', operation: 'acceptInvitation', zone: null, before: null, after: { member: { ...eddie, role: 'EDITOR' } }, reversible: false }),
  memberRole: entry({ kind: 'MEMBER', operation: 'updateMember', zone: null, before: { member: { ...eddie, role: 'EDITOR' } }, after: { member: { ...eddie, role: 'ADMIN' } } }),
  memberRemoved: entry({ kind: 'MEMBER', operation: 'removeMember', zone: null, before: { member: { ...eddie, role: 'VIEWER' } }, after: null }),
  invitationSent: entry({ kind: 'INVITATION', operation: 'createInvitation', zone: null, before: null, after: { invitation: { id: 3, email: 'new@publisher.example', role: 'FINANCE' } }, reversible: false }),
  invitationRevoked: entry({ kind: 'INVITATION', operation: 'revokeInvitation', zone: null, before: { invitation: { id: 3, email: 'new@publisher.example', role: 'FINANCE' } }, after: null, reversible: false }),
  requireTwoFactor: entry({ kind: 'TEAM_SETTINGS', operation: 'setTwoFactorRequirement', zone: null, before: { requireTwoFactor: false }, after: { requireTwoFactor: true } }),
  twoFactorReset: entry({
    kind: 'TWO_FACTOR',
    operation: 'resetMemberTwoFactor',
    zone: null,
    before: { user: eddie, enabled: true },
    after: { user: eddie, enabled: false },
    author: staff,
    reversible: false,
  }),
  recoveryCodes: entry({
    kind: 'TWO_FACTOR',
    operation: 'regenerateRecoveryCodes',
    zone: null,
    before: { user: eddie, enabled: true },
    after: { user: eddie, enabled: true, newRecoveryCodes: true },
    reversible: false,
  }),
  adReported: entry({
    kind: 'AD_REPORT',
    operation: 'reportCreative',
    zone: null,
    before: null,
    after: { report: { id: 7, creativeId: 900_012, advertiser: { id: 501, name: 'Solar Shoes' }, reason: 'MALWARE_OR_REDIRECT', text: null } },
    reversible: true,
  }),
  adReportWithdrawn: entry({
    kind: 'AD_REPORT',
    operation: 'undoHistoryEntry',
    zone: null,
    before: { report: { id: 7, creativeId: 900_012, advertiser: { id: 501, name: 'Solar Shoes' }, reason: 'OTHER', text: 'Covers the article' } },
    after: null,
    reversible: false,
  }),
} satisfies Record<string, HistoryRecord>;
