/**
 * Runs a dashboard's reads as ONE statement: each named part is a row-returning query, and its rows
 * come back as a JSON array in a column of that name. One round trip and one PostgreSQL backend per
 * dashboard instead of one per part: once the parts read rollups, round trips are what is left of the
 * latency, and every part reads the same snapshot.
 *
 * Parts keep their ORDER BY ... LIMIT inside; json_agg over such a subquery keeps its order.
 */
import type { Database } from '@lectio/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * `name` names the statement: it runs as a prepared statement (drizzle's `prepare`, public API), which
 * postgres.js keeps per connection by its text, so PostgreSQL parses and plans a dashboard's statement
 * once per connection rather than on every request (a raw `execute` is never prepared).
 */
export async function readParts<Parts extends Record<string, SQL>>(
  db: Database,
  name: string,
  parts: Parts,
): Promise<{ [Name in keyof Parts]: Record<string, unknown>[] }> {
  const names = Object.keys(parts) as (keyof Parts & string)[];
  const fields = Object.fromEntries(
    names.map((part) => [
      part,
      sql<unknown>`coalesce((select json_agg(part) from (${parts[part]}) as part), '[]'::json)`,
    ]),
  );
  // A select of one row and no table: its columns are the parts.
  const [row] = await db.select(fields).from(sql`(select) as one`).prepare(name).execute();
  const result = {} as { [Name in keyof Parts]: Record<string, unknown>[] };
  for (const part of names) {
    const value = (row as Record<string, unknown> | undefined)?.[part];
    // postgres.js and PGlite both parse json columns; parse here if a driver hands back text.
    result[part] = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as Record<
      string,
      unknown
    >[];
  }
  return result;
}

/** A JSON timestamp ('2026-03-10T11:00:00.5+00:00') as the API's ISO string. */
export const isoTimestamp = (value: unknown): string => new Date(String(value)).toISOString();
