/**
 * Reads config, opens the database (PGlite under DATA_DIR unless DATABASE_URL), migrates, seeds demo data
 * on an empty database when SEED_DEMO asks, listens, and prints what it runs with (startup-banner.ts),
 * including the first-run setup token while the database has no admin account.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createDb, migrateDb, seedDemo } from '@lectio/db';
import { buildApp } from './app';
import { loadConfig } from './config';
import { exitOnUncaughtErrors } from './lib/fatal-errors';
import { retryWhileDatabaseUnreachable } from './lib/wait-for-database';
import { needsSetup } from './services/setup/first-run-setup';
import { setupToken } from './services/setup/setup-token';
import { startDraining } from './services/shutdown-drain';
import { startupBanner } from './startup-banner';
import { createStorage } from './storage/create-storage';
import { uploadMissingDemoMedia } from './storage/demo-media';

async function main(): Promise<void> {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const handle = await createDb(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') },
  );
  // Restarted during an outage, the process waits for the database instead of exiting again (0042).
  await retryWhileDatabaseUnreachable(() => migrateDb(handle), {
    onWaiting: (error) =>
      console.warn(
        `The database can't be reached (${(error as { code?: string }).code ?? String(error)}): waiting for it before starting.`,
      ),
  });
  const seeded = config.seedDemo
    ? await seedDemo(handle.db, { mediaDir: path.join(config.dataDir, 'media') })
    : { seeded: false };

  const storage = createStorage(config);
  // The seed put the demo files under DATA_DIR/media; an S3 bucket needs its own copy.
  if (config.seedDemo) await uploadMissingDemoMedia(storage);

  const app = await buildApp({ config, db: handle.db, storage });
  // An error nothing caught is logged and ends the process; the supervisor starts a fresh one (decision 0042).
  exitOnUncaughtErrors(app.log);
  const shutdown = async (signal: string) => {
    // SIGTERM is how orchestrators stop an instance: fail the health check and keep serving until the
    // load balancer has stopped sending requests here, then close (services/shutdown-drain.ts).
    if (signal === 'SIGTERM' && config.shutdownDrainSeconds > 0) {
      startDraining(config);
      app.log.info(`${signal}: draining for ${config.shutdownDrainSeconds} s (health answers 503)`);
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
    }
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
  if (config.isProduction && !config.publicUrl.startsWith('https://')) {
    app.log.warn(
      'Serving over plain http (ALLOW_INSECURE_HTTP=true): the refresh cookie is not Secure and HSTS is not ' +
        'sent. Set PUBLIC_URL to the https:// address users open for anything but a local trial.',
    );
  }
  const setupOpen = await needsSetup({ db: handle.db });
  await app.listen({ port: config.port, host: config.host });
  console.log(
    startupBanner({
      config,
      database: { driver: handle.driver, location: path.join(config.dataDir, 'pglite') },
      demoSeeded: seeded.seeded,
      setupToken: setupOpen ? setupToken(config.jwtSecret) : null,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
