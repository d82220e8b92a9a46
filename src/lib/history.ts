/**
 * The change history (issue 12): what an entry's `before` and `after` hold for each kind of object, and the
 * readable diff both the console (rendered in the user's language) and the server (undo's conflict check) read
 * from them. The contract types them as plain objects (HistoryKind describes the shapes); these types are the
 * one definition of the shapes, written by the server's recording and read by the console.
 */
import { RESTRICTION_TYPES } from './restrictions';
import type { OperationId, Role } from './roles';

type RestrictionType = (typeof RESTRICTION_TYPES)[number];

/** The contract's HistoryKind enum, in its order. */
export const HISTORY_KINDS = [
  'ZONE',
  'PRODUCTS',
  'BLOCKED_URLS',
  'SLOTS',
  'BLOCKS',
  'SELF_IDENTIFIERS',
  'GDPR',
  'PASSWORD',
  'MEMBER',
  'INVITATION',
  'TEAM_SETTINGS',
  'TWO_FACTOR',
  'API_KEY',
  'AD_REPORT',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** The kinds whose entries can be undone (when no later change conflicts; a member's joining cannot be). */
export const REVERSIBLE_KINDS: readonly HistoryKind[] = ['ZONE', 'PRODUCTS', 'BLOCKED_URLS', 'BLOCKS', 'SELF_IDENTIFIERS', 'MEMBER', 'TEAM_SETTINGS', 'AD_REPORT'];
/**
 * The write an undo of each reversible kind applies (history/undo.ts on the server): undo follows that write's row
 * of the role table, so the console offers it only to whom may make that write.
 */
export const UNDO_WRITES: Readonly<Partial<Record<HistoryKind, OperationId>>> = {
  ZONE: 'updateZone',
  PRODUCTS: 'putZoneServices',
  BLOCKED_URLS: 'addBlockedUrls',
  BLOCKS: 'createRestrictions',
  SELF_IDENTIFIERS: 'saveZoneDomainSelfIdentifiers',
  MEMBER: 'updateMember',
  TEAM_SETTINGS: 'setTwoFactorRequirement',
  // Who may report an ad may take the report back.
  AD_REPORT: 'reportCreative',
};

/**
 * The kinds a publisher's history lists, in the filter's order: a password belongs to its user, and so does a
 * second factor the user turned on or off (staff's reset of one is listed for the publisher it was made from).
 */
export const PUBLISHER_HISTORY_KINDS: readonly HistoryKind[] = [
  'ZONE',
  'PRODUCTS',
  'BLOCKED_URLS',
  'SLOTS',
  'BLOCKS',
  'SELF_IDENTIFIERS',
  'GDPR',
  'MEMBER',
  'INVITATION',
  'TEAM_SETTINGS',
  'TWO_FACTOR',
  'API_KEY',
  'AD_REPORT',
];

export interface Named {
  id: number;
  name: string;
}

/** ZONE: only the fields that changed; a creation has `before` null and every field in `after`. */
export interface ZoneFields {
  name?: string;
  enabled?: boolean;
  verticalId?: number | null;
  zoneGradeId?: number | null;
  msaStartDate?: string | null;
  /** An app zone's developer website (issue 27), null when none. */
  developerWebsite?: string | null;
  typeId?: number;
  domains?: string[];
  products?: Named[];
}
export const ZONE_FIELDS = ['name', 'enabled', 'verticalId', 'zoneGradeId', 'msaStartDate', 'developerWebsite', 'typeId', 'domains', 'products'] as const;

export interface ZoneProduct extends Named {
  implementationTypeId: number | null;
}
/** PRODUCTS: every zone the call changed, with all of its products before and after. */
export interface ProductsChange {
  zones: { zone: Named; products: ZoneProduct[] }[];
}

export interface UrlPattern {
  id: number;
  pattern: string;
  urlType: 'PAGE' | 'IMAGE';
  evalType: 'CONTAINS' | 'REGEX';
}
/** BLOCKED_URLS: `before` the patterns removed, `after` the ones added. */
export interface BlockedUrlsChange {
  urls: UrlPattern[];
}

export interface SlotSummary {
  id: number;
  name: string;
  size: string;
  enabled: boolean;
}
/** SLOTS: `after` the slots requested (`before` empty); not reversible, the contract cannot remove a slot. */
export interface SlotsChange {
  slots: SlotSummary[];
}

/** `id` is the restriction's advertisingRestrictionId (advertiser id, domain, IAB category id). */
export interface Block {
  type: RestrictionType;
  id: string;
  name: string;
}
/** BLOCKS: `before` the blocks removed, `after` the ones added. */
export interface BlocksChange {
  blocks: Block[];
}

export interface DomainSelfIdentifiers {
  zoneDomainId: number;
  zone: Named;
  domain: string;
  selfIdentifiers: Named[];
}
/** SELF_IDENTIFIERS: every domain the call changed, with all of its self identifiers before and after. */
export interface SelfIdentifiersChange {
  domains: DomainSelfIdentifiers[];
}

export interface GdprChange {
  acceptedAt: string;
}

/** A user as an entry keeps them (a snapshot). */
export interface Person {
  id: number;
  name: string;
  email: string;
}

/** MEMBER: `before` null when the member joined, `after` null when removed; a role change has both. */
export interface MemberChange {
  member: Person & { role: Role };
}

/** INVITATION: `before` null when sent, `after` null when revoked (an acceptance is the MEMBER who joined). */
export interface InvitationChange {
  invitation: { id: number; email: string; role: Role };
}

/** TEAM_SETTINGS: the team's settings that changed, one each entry (the sellers.json confidentiality: issue 27). */
export interface TeamSettingsChange {
  requireTwoFactor?: boolean;
  sellersJsonConfidential?: boolean;
}

/**
 * TWO_FACTOR: a user's second factor turned on or off (by the user, or reset by network staff), or its recovery
 * codes replaced by new ones (`newRecoveryCodes` in `after`; it stays on; no code is recorded).
 */
export interface TwoFactorChange {
  user: Person;
  enabled: boolean;
  newRecoveryCodes?: boolean;
}

/** An API key as an entry keeps it (issue 29): never its secret, only the hint a list shows. */
export interface ApiKeySnapshot {
  id: number;
  name: string;
  hint: string;
  scopes: string[];
  expiresAt: string;
  allowedAddresses: string[];
}

/**
 * API_KEY: `before` null when made, `after` null when revoked; its first use from an address it was not used from
 * before has both, with that `address` in `after`.
 */
export interface ApiKeyChange {
  key: ApiKeySnapshot;
  address?: string;
}

/** A bad-ad report as an entry keeps it (issue 28). */
export interface AdReportSnapshot {
  id: number;
  creativeId: number;
  advertiser: Named;
  reason: 'MISLEADING' | 'OFFENSIVE' | 'MALWARE_OR_REDIRECT' | 'LOW_QUALITY' | 'OTHER';
  text: string | null;
}

/** AD_REPORT: `before` null when sent, `after` null when taken back (the undo of the report). */
export interface AdReportChange {
  report: AdReportSnapshot;
}

/** What an entry holds, by kind (`before`/`after` as the server records them). */
export type HistoryChange =
  | { kind: 'ZONE'; before: ZoneFields | null; after: ZoneFields }
  | { kind: 'PRODUCTS'; before: ProductsChange; after: ProductsChange }
  | { kind: 'BLOCKED_URLS'; before: BlockedUrlsChange; after: BlockedUrlsChange }
  | { kind: 'SLOTS'; before: SlotsChange; after: SlotsChange }
  | { kind: 'BLOCKS'; before: BlocksChange; after: BlocksChange }
  | { kind: 'SELF_IDENTIFIERS'; before: SelfIdentifiersChange; after: SelfIdentifiersChange }
  | { kind: 'GDPR'; before: null; after: GdprChange }
  | { kind: 'PASSWORD'; before: null; after: null }
  | { kind: 'MEMBER'; before: MemberChange | null; after: MemberChange | null }
  | { kind: 'INVITATION'; before: InvitationChange | null; after: InvitationChange | null }
  | { kind: 'TEAM_SETTINGS'; before: TeamSettingsChange; after: TeamSettingsChange }
  | { kind: 'TWO_FACTOR'; before: TwoFactorChange; after: TwoFactorChange }
  | { kind: 'API_KEY'; before: ApiKeyChange | null; after: ApiKeyChange | null }
  | { kind: 'AD_REPORT'; before: AdReportChange | null; after: AdReportChange | null };

/** The entry's change, typed by its kind (the contract gives `before`/`after` as plain objects). */
export function changeOf(entry: { kind: HistoryKind; before: object | null; after: object | null }): HistoryChange {
  return { kind: entry.kind, before: entry.before, after: entry.after } as HistoryChange;
}

/** One line of a readable diff; the console words it in the user's language. */
export type DiffLine =
  | { type: 'created'; name: string }
  | { type: 'renamed'; from: string; to: string }
  | { type: 'field'; field: 'enabled' | 'verticalId' | 'zoneGradeId' | 'msaStartDate' | 'developerWebsite' | 'typeId'; from: unknown; to: unknown }
  | { type: 'domains'; added: string[]; removed: string[] }
  /** Products by id and name: the console shows a product's label as its chips do (reference.services). */
  | { type: 'products'; zone: string; added: Named[]; removed: Named[] }
  | { type: 'urls'; added: string[]; removed: string[] }
  | { type: 'slots'; added: string[] }
  | { type: 'blocks'; blockType: RestrictionType; added: string[]; removed: string[] }
  | { type: 'selfIdentifiers'; zone: string; domain: string; added: string[]; removed: string[] }
  | { type: 'gdpr' }
  | { type: 'password' }
  | { type: 'memberJoined'; name: string; email: string; role: Role }
  | { type: 'memberRole'; name: string; email: string; from: Role; to: Role }
  | { type: 'memberRemoved'; name: string; email: string; role: Role }
  | { type: 'invitationSent'; email: string; role: Role }
  | { type: 'invitationRevoked'; email: string; role: Role }
  | { type: 'requireTwoFactor'; required: boolean }
  | { type: 'sellersJsonConfidential'; confidential: boolean }
  | { type: 'twoFactor'; name: string; email: string; enabled: boolean }
  | { type: 'recoveryCodes'; name: string; email: string }
  | { type: 'apiKeyCreated'; name: string; hint: string; scopes: string[]; expiresAt: string }
  | { type: 'apiKeyRevoked'; name: string; hint: string }
  | { type: 'apiKeyNewAddress'; name: string; hint: string; address: string }
  | { type: 'adReported' | 'adReportWithdrawn'; creativeId: number; advertiser: string; reason: AdReportSnapshot['reason'] };

/** Items of `after` not in `before` and the reverse, by key, in their own order. */
export function setDiff<T>(before: readonly T[], after: readonly T[], key: (item: T) => string | number) {
  const beforeKeys = new Set(before.map(key));
  const afterKeys = new Set(after.map(key));
  return {
    added: after.filter((item) => !beforeKeys.has(key(item))),
    removed: before.filter((item) => !afterKeys.has(key(item))),
  };
}

const names = (items: readonly Named[]) => items.map((item) => item.name);

function zoneLines(before: ZoneFields | null, after: ZoneFields): DiffLine[] {
  if (before === null) return [{ type: 'created', name: after.name ?? '' }];
  const lines: DiffLine[] = [];
  if (after.name !== undefined && before.name !== undefined && after.name !== before.name) {
    lines.push({ type: 'renamed', from: before.name, to: after.name });
  }
  for (const field of ['enabled', 'verticalId', 'zoneGradeId', 'msaStartDate', 'developerWebsite', 'typeId'] as const) {
    if (field in after && after[field] !== before[field]) lines.push({ type: 'field', field, from: before[field] ?? null, to: after[field] ?? null });
  }
  if (after.domains || before.domains) {
    const { added, removed } = setDiff(before.domains ?? [], after.domains ?? [], (domain) => domain);
    if (added.length || removed.length) lines.push({ type: 'domains', added, removed });
  }
  return lines;
}

/** The readable diff of an entry: what was added, removed, renamed or set, per object. */
export function diffLines(change: HistoryChange): DiffLine[] {
  switch (change.kind) {
    case 'ZONE':
      return zoneLines(change.before, change.after);
    case 'PRODUCTS': {
      const beforeByZone = new Map(change.before.zones.map((zone) => [zone.zone.id, zone.products]));
      return change.after.zones.flatMap(({ zone, products }) => {
        const { added, removed } = setDiff(beforeByZone.get(zone.id) ?? [], products, (product) => product.id);
        const named = (items: readonly ZoneProduct[]) => items.map(({ id, name }) => ({ id, name }));
        return added.length || removed.length ? [{ type: 'products' as const, zone: zone.name, added: named(added), removed: named(removed) }] : [];
      });
    }
    case 'BLOCKED_URLS': {
      const added = change.after.urls.map((url) => url.pattern);
      const removed = change.before.urls.map((url) => url.pattern);
      return added.length || removed.length ? [{ type: 'urls', added, removed }] : [];
    }
    case 'SLOTS':
      return change.after.slots.length ? [{ type: 'slots', added: change.after.slots.map((slot) => `${slot.name} (${slot.size})`) }] : [];
    case 'BLOCKS': {
      const present = new Set([...change.before.blocks, ...change.after.blocks].map((block) => block.type));
      return RESTRICTION_TYPES.filter((type) => present.has(type)).map((blockType) => ({
        type: 'blocks' as const,
        blockType,
        added: change.after.blocks.filter((block) => block.type === blockType).map((block) => block.name),
        removed: change.before.blocks.filter((block) => block.type === blockType).map((block) => block.name),
      }));
    }
    case 'SELF_IDENTIFIERS': {
      const beforeByDomain = new Map(change.before.domains.map((domain) => [domain.zoneDomainId, domain.selfIdentifiers]));
      return change.after.domains.flatMap((domain) => {
        const { added, removed } = setDiff(beforeByDomain.get(domain.zoneDomainId) ?? [], domain.selfIdentifiers, (item) => item.id);
        return added.length || removed.length
          ? [{ type: 'selfIdentifiers' as const, zone: domain.zone.name, domain: domain.domain, added: names(added), removed: names(removed) }]
          : [];
      });
    }
    case 'GDPR':
      return [{ type: 'gdpr' }];
    case 'PASSWORD':
      return [{ type: 'password' }];
    case 'MEMBER':
      return memberLines(change.before, change.after);
    case 'INVITATION': {
      if (change.after) return [{ type: 'invitationSent', email: change.after.invitation.email, role: change.after.invitation.role }];
      return change.before ? [{ type: 'invitationRevoked', email: change.before.invitation.email, role: change.before.invitation.role }] : [];
    }
    case 'TEAM_SETTINGS':
      return [
        ...(change.after.requireTwoFactor === undefined || change.before.requireTwoFactor === change.after.requireTwoFactor
          ? []
          : [{ type: 'requireTwoFactor', required: change.after.requireTwoFactor } as const]),
        ...(change.after.sellersJsonConfidential === undefined || change.before.sellersJsonConfidential === change.after.sellersJsonConfidential
          ? []
          : [{ type: 'sellersJsonConfidential', confidential: change.after.sellersJsonConfidential } as const]),
      ];
    case 'TWO_FACTOR':
      if (change.after.newRecoveryCodes) return [{ type: 'recoveryCodes', name: change.after.user.name, email: change.after.user.email }];
      return [{ type: 'twoFactor', name: change.after.user.name, email: change.after.user.email, enabled: change.after.enabled }];
    case 'API_KEY':
      return apiKeyLines(change.before, change.after);
    case 'AD_REPORT': {
      const report = change.after?.report ?? change.before?.report;
      if (!report) return [];
      return [{ type: change.after ? 'adReported' : 'adReportWithdrawn', creativeId: report.creativeId, advertiser: report.advertiser.name, reason: report.reason }];
    }
  }
}

function apiKeyLines(before: ApiKeyChange | null, after: ApiKeyChange | null): DiffLine[] {
  if (after && !before) return [{ type: 'apiKeyCreated', name: after.key.name, hint: after.key.hint, scopes: after.key.scopes, expiresAt: after.key.expiresAt }];
  if (before && !after) return [{ type: 'apiKeyRevoked', name: before.key.name, hint: before.key.hint }];
  if (after?.address !== undefined) return [{ type: 'apiKeyNewAddress', name: after.key.name, hint: after.key.hint, address: after.address }];
  return [];
}

function memberLines(before: MemberChange | null, after: MemberChange | null): DiffLine[] {
  if (after && !before) return [{ type: 'memberJoined', name: after.member.name, email: after.member.email, role: after.member.role }];
  if (before && !after) return [{ type: 'memberRemoved', name: before.member.name, email: before.member.email, role: before.member.role }];
  if (before && after && before.member.role !== after.member.role) {
    return [{ type: 'memberRole', name: after.member.name, email: after.member.email, from: before.member.role, to: after.member.role }];
  }
  return [];
}

/** What an undo's conflict names: a field of a zone, an item added or removed, a zone's products, a domain's identifiers. */
export type ConflictSubject =
  | { type: 'field'; field: 'name' | 'enabled' | 'verticalId' | 'zoneGradeId' | 'msaStartDate' | 'developerWebsite' }
  | { type: 'member'; name: string }
  | { type: 'requireTwoFactor' }
  | { type: 'sellersJsonConfidential' }
  | { type: 'item'; name: string }
  | { type: 'products' }
  | { type: 'selfIdentifiers'; domain: string };

const CONFLICT_FIELDS = ['name', 'enabled', 'verticalId', 'zoneGradeId', 'msaStartDate', 'developerWebsite'] as const;

/**
 * The subjects of an UNDO_CONFLICT answer, read from its details' fields (`/after/name`, `/after/blocks/2`,
 * `/before/urls/0`, `/after/zones/0`, `/after/domains/1`: JSON pointers into the entry), named from the entry
 * itself; a field this does not know is left out (the console then says 'the object changed').
 */
export function conflictSubjects(entry: { before: object | null; after: object | null }, fields: readonly string[]): ConflictSubject[] {
  const subjects: ConflictSubject[] = [];
  for (const field of fields) {
    const [, side, property, index] = field.split('/');
    const source = (side === 'before' ? entry.before : side === 'after' ? entry.after : null) as Record<string, unknown> | null;
    if (source === null || property === undefined) continue;
    const field_ = CONFLICT_FIELDS.find((known) => known === property);
    if (field_) {
      subjects.push({ type: 'field', field: field_ });
      continue;
    }
    if (property === 'member') {
      const member = (source.member ?? null) as { name?: unknown } | null;
      if (typeof member?.name === 'string') subjects.push({ type: 'member', name: member.name });
      continue;
    }
    if (property === 'requireTwoFactor' || property === 'sellersJsonConfidential') {
      subjects.push({ type: property });
      continue;
    }
    const item = Array.isArray(source[property]) && index !== undefined ? (source[property] as unknown[])[Number(index)] : undefined;
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    if (property === 'blocks' && typeof record.name === 'string') subjects.push({ type: 'item', name: record.name });
    else if (property === 'urls' && typeof record.pattern === 'string') subjects.push({ type: 'item', name: record.pattern });
    else if (property === 'zones') subjects.push({ type: 'products' });
    else if (property === 'domains' && typeof record.domain === 'string') subjects.push({ type: 'selfIdentifiers', domain: record.domain });
  }
  return subjects;
}

/**
 * An undo asks for confirmation when it changes more items than a history row names (the row names 8 and counts
 * the rest): then the row does not show everything the undo will change, so the dialog says it first (issue 21).
 */
export const LARGE_UNDO_ITEMS = 8;

/** What undoing an entry changes: its diff read the other way round (what it added is removed, and so on). */
export function undoLines(entry: { kind: HistoryKind; before: object | null; after: object | null }): DiffLine[] {
  if (entry.before === null || entry.after === null) return [];
  return diffLines(changeOf({ kind: entry.kind, before: entry.after, after: entry.before }));
}

/** Items an undo changes: each block, URL, product, self identifier or domain, and each field of a zone. */
export function undoItemCount(lines: readonly DiffLine[]): number {
  return lines.reduce((sum, line) => {
    if ('added' in line) return sum + line.added.length + ('removed' in line ? line.removed.length : 0);
    return sum + 1;
  }, 0);
}

export const isLargeUndo = (entry: { kind: HistoryKind; before: object | null; after: object | null }) =>
  undoItemCount(undoLines(entry)) > LARGE_UNDO_ITEMS;
