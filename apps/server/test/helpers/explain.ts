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

type Explainable = { toSQL(): { sql: string; params: unknown[] } };

function explain(db: Database, query: Explainable, settings: string[], options: string) {
  const { sql: text, params } = query.toSQL();
  return db.transaction(async (tx) => {
    for (const setting of settings) await tx.execute(sql.raw(`set local ${setting}`));
    return queryRows<Record<string, unknown>>(
      tx,
      sql.raw(
        `explain (${options}) ${text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]))}`,
      ),
    );
  });
}

export async function explainPlan(db: Database, query: Explainable, settings: string[]): Promise<string> {
  const rows = await explain(db, query, settings, 'costs off');
  return rows.map((row) => String(Object.values(row)[0])).join('\n');
}

/** A node of `EXPLAIN (FORMAT JSON)`: its type, what it reads, and the nodes under it. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
  [key: string]: unknown;
}

/** The plan as a tree, to assert on the node a test means rather than on the text of the whole plan. */
export async function explainPlanTree(
  db: Database,
  query: Explainable,
  settings: string[],
): Promise<PlanNode> {
  const [row] = await explain(db, query, settings, 'costs off, format json');
  const value = row ? Object.values(row)[0] : undefined;
  // postgres.js parses the json column; PGlite may hand it over as text.
  const document = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  const plan = document[0]?.Plan;
  if (!plan) throw new Error('EXPLAIN returned no plan');
  return plan;
}

/** The chain of nodes from the root down to the first node `found` accepts, or null when none does. */
export function pathTo(node: PlanNode, found: (node: PlanNode) => boolean): PlanNode[] | null {
  if (found(node)) return [node];
  for (const child of node.Plans ?? []) {
    const below = pathTo(child, found);
    if (below) return [node, ...below];
  }
  return null;
}
