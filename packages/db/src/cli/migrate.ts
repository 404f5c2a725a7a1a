/** `pnpm --filter @lectio/db migrate`: applies the committed migrations. */
import { createDb, migrateDb, migrationsFolder } from '../client';
import { cliDatabaseOptions } from './options';

const { db: options, target } = cliDatabaseOptions();
const handle = await createDb(options);
try {
  await migrateDb(handle);
  console.log(`Migrated ${target} (migrations from ${migrationsFolder}).`);
} finally {
  await handle.close();
}
