/**
 * Runs a dashboard's reads as ONE statement: each named part is a row-returning query, and its rows
 * come back as a JSON array in a column of that name. One round trip and one PostgreSQL backend per
 * dashboard instead of one per part: once the parts read rollups, round trips are what is left of the
 * latency, and every part reads the same snapshot.
 *
 * Parts keep their ORDER BY ... LIMIT inside; json_agg over such a subquery keeps its order.
 */
import { type Database, queryRows } from '@lectio/db';
import { type SQL, sql } from 'drizzle-orm';

export async function readParts<Parts extends Record<string, SQL>>(
  db: Database,
  parts: Parts,
): Promise<{ [Name in keyof Parts]: Record<string, unknown>[] }> {
  const names = Object.keys(parts) as (keyof Parts & string)[];
  const columns = names.map(
    (name) =>
      sql`coalesce((select json_agg(part) from (${parts[name]}) as part), '[]'::json) as ${sql.identifier(name)}`,
  );
  const [row] = await queryRows<Record<string, unknown>>(db, sql`select ${sql.join(columns, sql`, `)}`);
  const result = {} as { [Name in keyof Parts]: Record<string, unknown>[] };
  for (const name of names) {
    const value = row?.[name];
    // postgres.js and PGlite both parse json columns; parse here if a driver hands back text.
    result[name] = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as Record<
      string,
      unknown
    >[];
  }
  return result;
}

/** A JSON timestamp ('2026-03-10T11:00:00.5+00:00') as the API's ISO string. */
export const isoTimestamp = (value: unknown): string => new Date(String(value)).toISOString();
