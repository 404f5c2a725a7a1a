/** Reads config, opens the database (PGlite under DATA_DIR unless DATABASE_URL), migrates, seeds demo data on an empty database, listens. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createDb, DEMO_ACCOUNTS, DEMO_PASSWORD, migrateDb, seedDemo } from '@lectio/db';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createStorage } from './storage/create-storage';
import { uploadMissingDemoMedia } from './storage/demo-media';

async function main(): Promise<void> {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const handle = await createDb(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') },
  );
  await migrateDb(handle);
  const seeded = config.seedDemo
    ? await seedDemo(handle.db, { mediaDir: path.join(config.dataDir, 'media') })
    : { seeded: false };

  const storage = createStorage(config);
  // The seed put the demo files under DATA_DIR/media; an S3 bucket needs its own copy.
  if (config.seedDemo) await uploadMissingDemoMedia(storage);

  const app = await buildApp({ config, db: handle.db, storage });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.payments.provider === 'test') {
    app.log.warn(
      'Payments are in TEST MODE (PAYMENT_PROVIDER=test): no real charges; checkout accepts Stripe test card ' +
        'numbers such as 4242 4242 4242 4242. Set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to take real payments.',
    );
  } else if (!config.payments.stripe?.webhookSecret) {
    app.log.warn(
      'STRIPE_WEBHOOK_SECRET is not set: POST /api/v1/payment/webhook answers 503, so a purchase is only ' +
        "fulfilled by the buyer's confirm call. Add a webhook endpoint in the Stripe dashboard and set it.",
    );
  }
  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `Lectio is running at ${config.publicUrl}`,
    `  database: ${handle.driver === 'pglite' ? `embedded PostgreSQL (PGlite) in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  API reference: ${config.publicUrl}/api/docs`,
    `  payments: ${config.payments.provider === 'stripe' ? `Stripe (${config.payments.currency})` : 'TEST MODE, no real charges (card 4242 4242 4242 4242)'}`,
  ];
  if (seeded.seeded) lines.push('  demo data seeded into the new database');
  lines.push(`  demo accounts (password "${DEMO_PASSWORD}"):`);
  for (const account of Object.values(DEMO_ACCOUNTS))
    lines.push(`    ${account.role.padEnd(10)} ${account.email}`);
  lines.push('');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
