// The publisher's change history (issue 12): the page with its filters, its authors, and undo of one entry.
// Recording is not here: every write records its own change (server/src/history/record.ts).
import { assertFullProduct, publisherFor } from '../../auth/access';
import { entryJson, entryOf, historyAuthors, historyPage, notReversibleReason, undoOf } from '../../history/entries';
import { entryTargets, lockTargets } from '../../history/locks';
import { alreadyUndone } from '../../history/record';
import { applyInverse, undoConflicts } from '../../history/undo';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Handlers, QueryParams } from '../../http/handlers';
import type { Db } from '../../db/db';
import { iabNameSql } from '../../db/iabNames';
import { pageOf, pageRequest, limitOffset } from '../../http/paging';

const DAY_MS = 86_400_000;
/** Advisory lock class of an entry's undo (the insert trigger's is 727013, per publisher: migration 0007). */
const UNDO_LOCK = 727_014;
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

type Entry = ReturnType<typeof entryJson>;
type Language = NonNullable<QueryParams<'listHistory'>['language']>;

/**
 * The entries with the IAB categories of their blocks named in `language`, by id (issue 21): a category is a
 * taxonomy entry, named in every language, whatever the language the change was made in. Other names (advertisers,
 * domains, zones) are the record's.
 */
async function withIabNames(db: Db, entries: Entry[], language: Language): Promise<Entry[]> {
  type Blocks = { blocks?: { type: string; id: string; name: string }[] } | null;
  const ids = new Set(
    entries.flatMap((entry) =>
      entry.kind === 'BLOCKS' ? [entry.before as Blocks, entry.after as Blocks].flatMap((side) => (side?.blocks ?? []).filter((b) => b.type === 'iab_category').map((b) => b.id)) : [],
    ),
  );
  // English names are the ones recorded.
  if (ids.size === 0 || language === 'en') return entries;
  const rows = await db.query<{ id: string; name: string }>(`SELECT c.id, ${iabNameSql('c', language)} AS name FROM iab_categories c WHERE c.id = ANY($1::text[])`, [[...ids]]);
  const names = new Map(rows.map((row) => [row.id, row.name]));
  const rename = (side: Blocks) =>
    side?.blocks ? { ...side, blocks: side.blocks.map((b) => (b.type === 'iab_category' ? { ...b, name: names.get(b.id) ?? b.name } : b)) } : side;
  return entries.map((entry) => (entry.kind === 'BLOCKS' ? { ...entry, before: rename(entry.before as Blocks), after: rename(entry.after as Blocks) } : entry));
}

export const historyHandlers: Handlers = {
  async listHistory({ db, principal, params, query }) {
    // Legacy just-premium publishers' account settings are billing, password update and ads.txt (spec section 6).
    assertFullProduct(await publisherFor(db, principal, params.publisherId));
    if (query.from !== undefined && query.to !== undefined && query.to < query.from) {
      throw badRequest('The date range ends before it starts', [{ field: '/query/to', message: 'must not be before from', value: query.to }]);
    }
    const request = pageRequest(query);
    const [limit, offset] = limitOffset(request);
    const { total, rows } = await historyPage(
      db,
      params.publisherId,
      {
        zoneId: query.zoneId,
        kind: query.kind,
        authorId: query.authorId,
        from: query.from === undefined ? '-infinity' : startOfDay(query.from).toISOString(),
        until: query.to === undefined ? 'infinity' : new Date(startOfDay(query.to).getTime() + DAY_MS).toISOString(),
      },
      limit,
      offset,
    );
    const entries = rows.map((row) => entryJson(row, principal));
    return pageOf(await withIabNames(db, entries, query.language ?? 'en'), total, request);
  },

  async listHistoryAuthors({ db, principal, params }) {
    assertFullProduct(await publisherFor(db, principal, params.publisherId));
    return historyAuthors(db, params.publisherId, principal);
  },

  async undoHistoryEntry(ctx) {
    const { db, principal, params, record } = ctx;
    assertFullProduct(await publisherFor(db, principal, params.publisherId));
    // Undos of one entry wait for each other, so the later one reads the entry as undone (ALREADY_UNDONE) rather
    // than meeting the first one's change as a conflict. Held to the commit; other entries are not held up.
    await db.query('SELECT pg_advisory_xact_lock($1, $2)', [UNDO_LOCK, params.entryId]);
    const entry = await entryOf(db, params.publisherId, params.entryId);
    if (!entry) throw notFound('History entry not found');
    const reason = notReversibleReason(entry);
    if (reason) throw conflict('NOT_REVERSIBLE', reason);
    if (entry.undoneBy !== null) throw alreadyUndone();
    // What the entry changed stays as the conflict check finds it until the inverse is applied and committed.
    await lockTargets(db, entryTargets(entry, params.publisherId), principal);
    const conflicts = await undoConflicts(db, params.publisherId, entry);
    if (conflicts.length) throw conflict('UNDO_CONFLICT', 'This has changed since; undoing would overwrite the later change', conflicts);
    await record({ ...(await applyInverse(ctx, entry)), undoes: entry.id });
    return entryJson((await undoOf(db, entry.id))!, principal);
  },
};
