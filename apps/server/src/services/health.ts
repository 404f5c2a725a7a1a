import { sql } from 'drizzle-orm';
import type { ServiceContext } from './context';

export async function checkHealth(ctx: ServiceContext) {
  await ctx.db.execute(sql`select 1`);
  return { status: 'ok' as const, database: 'ok' as const, version: ctx.config.version };
}
