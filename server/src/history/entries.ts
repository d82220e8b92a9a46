// Reading the history: a publisher's page of entries newest first with its filters, its authors, and one entry;
// each in the contract's HistoryEntry shape.
//
// The page's total comes from ranks (migration 0007): with at most one of the zone, kind and author filters, it
// is the difference between the ranks of the newest and the oldest entry in range, two probes of the index the
// page itself reads, however many entries lie between. Combined filters, rarer and narrower, count their rows.
import type { Principal } from '../auth/principal';
import type { Db, Queryable } from '../db/db';
import type { components } from '../../../openapi/portal';
import { REVERSIBLE_KINDS, changeOf, type HistoryKind } from '../../../src/lib/history';
import { MAX_HISTORY_AUTHORS } from '../../../src/lib/limits';

type HistoryEntry = components['schemas']['HistoryEntry'];
type HistoryAuthor = components['schemas']['HistoryAuthor'];

export interface EntryRow {
  id: number;
  at: string;
  operation: string;
  kind: HistoryKind;
  zoneId: number | null;
  zoneName: string | null;
  authorId: number;
  authorName: string;
  authorEmail: string;
  authorInternal: boolean;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  undoes: number | null;
  undoneBy: number | null;
}

const ENTRY_COLUMNS = `h.id, h.at, h.operation, h.kind, h.zone_id AS "zoneId", h.zone_name AS "zoneName", h.author_id AS "authorId",
  h.author_name AS "authorName", h.author_email AS "authorEmail", h.author_internal AS "authorInternal", h.before, h.after,
  h.undoes, (SELECT u.id FROM history u WHERE u.undoes = h.id) AS "undoneBy"`;

/** Why the entry's change cannot be undone whatever happened since, or null when it can be. */
export function notReversibleReason(entry: Pick<EntryRow, 'kind' | 'before' | 'after'>): string | null {
  if (!REVERSIBLE_KINDS.includes(entry.kind)) return 'This kind of change cannot be undone';
  const change = changeOf(entry);
  if (change.kind === 'ZONE' && change.before === null) return "A zone's creation cannot be undone";
  // Undoing a joining would remove a colleague: that is a removal of its own (removeMember), with its own entry.
  if (change.kind === 'MEMBER' && change.before === null) return "A member's joining cannot be undone";
  // A report taken back is not sent again: the ad can be reported anew.
  if (change.kind === 'AD_REPORT' && change.after === null) return 'A report taken back cannot be sent again by an undo';
  // The portal writes CONTAINS patterns only: a REGEX pattern set outside it cannot be blocked again through it.
  if (change.kind === 'BLOCKED_URLS' && change.before.urls.some((url) => url.evalType !== 'CONTAINS')) {
    return 'A pattern written outside the portal cannot be blocked again here';
  }
  return null;
}

/** The contract's shape; an external caller does not see the e-mail of network staff. */
export function entryJson(row: EntryRow, caller: Principal): HistoryEntry {
  return {
    id: row.id,
    at: row.at,
    operation: row.operation,
    kind: row.kind,
    zone: row.zoneId === null ? null : { id: row.zoneId, name: row.zoneName ?? '' },
    author: authorJson({ id: row.authorId, name: row.authorName, email: row.authorEmail, internal: row.authorInternal }, caller),
    before: row.before,
    after: row.after,
    undoes: row.undoes,
    undoneBy: row.undoneBy,
    reversible: row.undoneBy === null && notReversibleReason(row) === null,
  };
}

/** A negative author id is an API key's (minus its id, issue 29): it has no e-mail. */
function authorJson(author: HistoryAuthor & { email: string }, caller: Principal): HistoryAuthor {
  if (author.id < 0) return { ...author, email: null, apiKey: true };
  return { ...author, email: author.internal && !caller.isInternal ? null : author.email };
}

/** One entry of the publisher (undefined for another publisher's, like a missing one). */
export async function entryOf(db: Queryable, publisherId: number, entryId: number): Promise<EntryRow | undefined> {
  return db.one<EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM history h WHERE h.id = $1 AND h.publisher_id = $2`, [entryId, publisherId]);
}

/** The publisher's entries among `ids` (another publisher's, or a removed one, is simply not there). */
export async function entriesOf(db: Queryable, publisherId: number, ids: readonly number[]): Promise<Map<number, EntryRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM history h WHERE h.id = ANY($1::int[]) AND h.publisher_id = $2`, [ids, publisherId]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The entry that undid `entryId`. */
export async function undoOf(db: Queryable, entryId: number): Promise<EntryRow | undefined> {
  return db.one<EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM history h WHERE h.undoes = $1`, [entryId]);
}

export interface HistoryFilter {
  zoneId?: number;
  kind?: HistoryKind;
  authorId?: number;
  /** First instant included and first instant excluded (UTC days turned into times by the caller). */
  from: string;
  until: string;
}

const FILTERS = [
  { key: 'zoneId', column: 'zone_id', rank: 'zone_rank' },
  { key: 'kind', column: 'kind', rank: 'kind_rank' },
  { key: 'authorId', column: 'author_id', rank: 'author_rank' },
] as const;

/**
 * The page and its total in one statement. Its text depends only on which filters are set (eight texts), so it
 * runs as a prepared statement, planned once.
 */
export async function historyPage(
  db: Db,
  publisherId: number,
  filter: HistoryFilter,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: EntryRow[] }> {
  const params: unknown[] = [publisherId, filter.from, filter.until];
  const conditions = ['h.publisher_id = $1', 'h.at >= $2', 'h.at < $3'];
  const set = FILTERS.filter(({ key }) => filter[key] !== undefined);
  for (const { key, column } of set) {
    params.push(filter[key]);
    conditions.push(`h.${column} = $${params.length}`);
  }
  const where = conditions.join(' AND ');
  const rank = set.length === 0 ? 'publisher_rank' : set.length === 1 ? set[0]!.rank : null;
  const total = rank
    ? `coalesce((SELECT h.${rank} FROM history h WHERE ${where} ORDER BY h.at DESC, h.id DESC LIMIT 1)
               - (SELECT h.${rank} FROM history h WHERE ${where} ORDER BY h.at, h.id LIMIT 1) + 1, 0)`
    : `(SELECT count(*) FROM history h WHERE ${where})`;
  params.push(limit, offset);
  const rows = await db.prepared<EntryRow & { total: number }>(
    `SELECT t.total, p.* FROM (SELECT ${total}::int AS total) t
       LEFT JOIN LATERAL (SELECT ${ENTRY_COLUMNS} FROM history h WHERE ${where}
                           ORDER BY h.at DESC, h.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}) p ON true
      ORDER BY p.at DESC, p.id DESC`,
    params,
  );
  return { total: rows[0]?.total ?? 0, rows: rows.filter((row) => row.id !== null) };
}

/**
 * Everyone with an entry in the publisher's history, by name as of their latest entry: the author index walked
 * from one author to the next (a handful of probes, not one per entry). The first MAX_HISTORY_AUTHORS by name.
 */
export async function historyAuthors(db: Db, publisherId: number, caller: Principal): Promise<HistoryAuthor[]> {
  const rows = await db.prepared<HistoryAuthor & { email: string }>(
    `WITH RECURSIVE authors (id) AS (
       (SELECT author_id FROM history WHERE publisher_id = $1 ORDER BY author_id LIMIT 1)
       UNION ALL
       SELECT (SELECT h.author_id FROM history h WHERE h.publisher_id = $1 AND h.author_id > a.id ORDER BY h.author_id LIMIT 1)
         FROM authors a WHERE a.id IS NOT NULL)
     SELECT l.* FROM authors a
      CROSS JOIN LATERAL (SELECT h.author_id AS id, h.author_name AS name, h.author_email AS email, h.author_internal AS internal
                            FROM history h WHERE h.publisher_id = $1 AND h.author_id = a.id
                           ORDER BY h.at DESC, h.id DESC LIMIT 1) l
      ORDER BY lower(l.name), l.id
      LIMIT ${MAX_HISTORY_AUTHORS}`,
    [publisherId],
  );
  return rows.map((row) => authorJson(row, caller));
}
