/** Where the CLIs find the database: DATABASE_URL (PostgreSQL) or a PGlite directory under DATA_DIR. */
import path from 'node:path';
import type { CreateDbOptions } from '../client';

export function cliDatabaseOptions(env: NodeJS.ProcessEnv = process.env) {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const url = env.DATABASE_URL || undefined;
  const db: CreateDbOptions = url ? { url } : { dataDir: path.join(dataDir, 'pglite') };
  const target = url ? `PostgreSQL at ${redact(url)}` : `PGlite in ${db.dataDir}`;
  return { db, target, mediaDir: path.join(dataDir, 'media') };
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}
