/**
 * The plan PostgreSQL picks for a drizzle query (`EXPLAIN (COSTS OFF)`, parameters inlined as literals),
 * under `SET LOCAL` settings such as `enable_seqscan = off`: a small test table is read whole otherwise,
 * while at scale the planner picks the index a test wants to see used.
 */
import { type Database, queryRows } from '@lectio/db';
import { sql } from 'drizzle-orm';

function literal(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `'${String(value).replaceAll("'", "''")}'`;
}

export function explainPlan(
  db: Database,
  query: { toSQL(): { sql: string; params: unknown[] } },
  settings: string[],
): Promise<string> {
  const { sql: text, params } = query.toSQL();
  return db.transaction(async (tx) => {
    for (const setting of settings) await tx.execute(sql.raw(`set local ${setting}`));
    const rows = await queryRows<Record<string, string>>(
      tx,
      sql.raw(
        `explain (costs off) ${text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]))}`,
      ),
    );
    return rows.map((row) => Object.values(row)[0]).join('\n');
  });
}
