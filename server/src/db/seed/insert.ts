// Bulk inserts for seeds: one multi-row INSERT per chunk (PGlite runs one statement at a time, so fewer,
// larger statements load data fastest on both drivers).
import type { Queryable } from '../db';

export async function insertRows(db: Queryable, table: string, columns: readonly string[], rows: readonly (readonly unknown[])[], chunkSize = 1000): Promise<void> {
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const placeholders = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
  }
}

/** After inserting explicit ids into a serial column, move its sequence past them. */
export async function syncSequence(db: Queryable, table: string, column = 'id'): Promise<void> {
  await db.query(`SELECT setval(pg_get_serial_sequence('${table}', '${column}'), coalesce((SELECT max(${column}) FROM ${table}), 0) + 1, false)`);
}
