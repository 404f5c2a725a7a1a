/** `pnpm --filter @lectio/db seed`: migrates, then loads the demo data into an empty database. */
import { createDb, migrateDb } from '../client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../seed/demo';
import { cliDatabaseOptions } from './options';

const { db: options, target, mediaDir } = cliDatabaseOptions();
const handle = await createDb(options);
try {
  await migrateDb(handle);
  const { seeded } = await seedDemo(handle.db, { mediaDir });
  if (seeded) {
    console.log(`Seeded demo data into ${target}; media in ${mediaDir}.`);
    console.log(`Demo accounts (password "${DEMO_PASSWORD}"):`);
    for (const account of Object.values(DEMO_ACCOUNTS))
      console.log(`  ${account.role.padEnd(10)} ${account.email}`);
  } else {
    console.log(`${target} already has users; demo data not seeded (media checked in ${mediaDir}).`);
  }
} finally {
  await handle.close();
}
