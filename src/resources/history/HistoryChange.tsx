/**
 * An entry's readable diff in the user's language (issue 12): blocks added and removed by name and type,
 * 'Renamed from A to B', products added and removed, self identifiers per domain, URL blocks, slots, and the
 * team's changes (issue 22: members, roles, invitations, the two-factor requirement, second factors). The lines
 * come from src/lib/history.ts (diffLines), the one reading of what an entry's before and after hold; this only
 * words them. Long lists (an import of a thousand blocks) name the first few and count the rest.
 */
import Typography from '@mui/material/Typography';
import { useI18n } from '../../i18n/I18nContext';
import type { Translate } from '../../i18n/translate';
import { useReferenceLabel } from '../../i18n/referenceLabels';
import { changeOf, diffLines, LARGE_UNDO_ITEMS, type DiffLine, type HistoryKind, type Named } from '../../lib/history';

/** Items named in a line before the rest are counted (past it, an undo asks first: LARGE_UNDO_ITEMS). */
export const NAMED_ITEMS = LARGE_UNDO_ITEMS;

function list(items: readonly string[], translate: Translate, named: number): string {
  const shown = items.slice(0, named).join(', ');
  const rest = items.length - named;
  return rest > 0 ? translate('history.diff.more', { items: shown, smart_count: rest }) : shown;
}

function value(field: string, raw: unknown, translate: Translate): string {
  if (raw === null || raw === undefined || raw === '') return translate('history.diff.none');
  if (field === 'enabled') return translate(raw ? 'history.diff.active' : 'history.diff.inactive');
  return String(raw);
}

/** The sentences of one diff line (a line with both additions and removals says each). */
export interface DescribeOptions {
  /** Entries of several zones name the zone of each products line. */
  multiZone: boolean;
  /** Items named before the rest are counted. */
  named?: number;
  /** A product as its chips show it (useReferenceLabel): one label for one product everywhere. */
  productLabel?: (product: Named) => string;
}

export function describeLine(line: DiffLine, translate: Translate, { multiZone, named = NAMED_ITEMS, productLabel = (product) => product.name }: DescribeOptions): string[] {
  const d = (key: string, values?: Record<string, unknown>) => translate(`history.diff.${key}`, values);
  const both = (added: string[], removed: string[], addedKey: string, removedKey: string, values: Record<string, unknown> = {}) => [
    ...(added.length ? [d(addedKey, { ...values, items: list(added, translate, named) })] : []),
    ...(removed.length ? [d(removedKey, { ...values, items: list(removed, translate, named) })] : []),
  ];
  switch (line.type) {
    case 'created':
      return [d('created', { name: line.name })];
    case 'renamed':
      return [d('renamed', { from: line.from, to: line.to })];
    case 'field':
      return [d('field', { field: d(`fields.${line.field}`), from: value(line.field, line.from, translate), to: value(line.field, line.to, translate) })];
    case 'domains':
      return both(line.added, line.removed, 'domainsAdded', 'domainsRemoved');
    case 'products': {
      const sentences = both(line.added.map(productLabel), line.removed.map(productLabel), 'productsAdded', 'productsRemoved');
      return multiZone ? sentences.map((sentence) => d('ofZone', { zone: line.zone, line: sentence })) : sentences;
    }
    case 'urls':
      return both(line.added, line.removed, 'urlsAdded', 'urlsRemoved');
    case 'slots':
      return [d('slotsRequested', { items: list(line.added, translate, named) })];
    case 'blocks':
      return both(line.added, line.removed, `blocked.${line.blockType}`, `unblocked.${line.blockType}`);
    case 'selfIdentifiers':
      return both(line.added, line.removed, 'selfIdentifiersAdded', 'selfIdentifiersRemoved', { domain: line.domain });
    case 'gdpr':
      return [d('gdpr')];
    case 'password':
      return [d('password')];
    case 'memberJoined':
      return [d('memberJoined', { name: line.name, email: line.email, role: translate(`roles.${line.role}`) })];
    case 'memberRole':
      return [d('memberRole', { name: line.name, from: translate(`roles.${line.from}`), to: translate(`roles.${line.to}`) })];
    case 'memberRemoved':
      return [d('memberRemoved', { name: line.name, email: line.email, role: translate(`roles.${line.role}`) })];
    case 'invitationSent':
      return [d('invitationSent', { email: line.email, role: translate(`roles.${line.role}`) })];
    case 'invitationRevoked':
      return [d('invitationRevoked', { email: line.email, role: translate(`roles.${line.role}`) })];
    case 'requireTwoFactor':
      return [d(line.required ? 'requireTwoFactorOn' : 'requireTwoFactorOff')];
    case 'sellersJsonConfidential':
      return [d(line.confidential ? 'sellersJsonConfidentialOn' : 'sellersJsonConfidentialOff')];
    case 'twoFactor':
      return [d(line.enabled ? 'twoFactorOn' : 'twoFactorOff', { name: line.name })];
    case 'recoveryCodes':
      return [d('recoveryCodes', { name: line.name })];
    case 'apiKeyCreated':
      return [d('apiKeyCreated', { name: line.name, hint: line.hint, scopes: line.scopes.join(', '), expiresAt: line.expiresAt.slice(0, 10) })];
    case 'apiKeyRevoked':
      return [d('apiKeyRevoked', { name: line.name, hint: line.hint })];
    case 'apiKeyNewAddress':
      return [d('apiKeyNewAddress', { name: line.name, hint: line.hint, address: line.address })];
    case 'adReported':
    case 'adReportWithdrawn':
      // The reason in the words of the report form (the ad review's texts).
      return [d(line.type, { id: line.creativeId, advertiser: line.advertiser, reason: translate(`creatives.report.reasons.${line.reason}`) })];
  }
}

export interface HistoryChangeProps {
  entry: { kind: HistoryKind; before: object | null; after: object | null; zone: { id: number; name: string } | null };
}

/** The sentences of an entry's diff, or of what undoing it changes (`lines`), in the user's language. */
export function useDiffSentences(): (lines: readonly DiffLine[], options: Omit<DescribeOptions, 'productLabel'>) => string[] {
  const { translate } = useI18n();
  const referenceLabel = useReferenceLabel();
  return (lines, options) => lines.flatMap((line) => describeLine(line, translate, { ...options, productLabel: (product) => referenceLabel('services', product) }));
}

export function HistoryChange({ entry }: HistoryChangeProps) {
  const sentences = useDiffSentences()(diffLines(changeOf(entry)), { multiZone: entry.zone === null });
  return (
    <>
      {sentences.map((sentence, index) => (
        <Typography key={index} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {sentence}
        </Typography>
      ))}
    </>
  );
}
