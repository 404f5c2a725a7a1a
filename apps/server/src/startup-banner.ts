/**
 * What the server prints once it listens: where it runs, the database, the payment mode, the demo
 * accounts (only when this start created them: a database that merely exists may have changed their
 * passwords, and a production one never had them), and, while the database has no admin account, the
 * first-run setup token with the page to use it on.
 */
import { SETUP_PATH } from '@lectio/contracts/navigation';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type Driver } from '@lectio/db';
import type { Config } from './config';

export interface StartupFacts {
  config: Pick<Config, 'publicUrl' | 'dataDir' | 'seedDemo' | 'payments' | 'mail'>;
  /** The driver, and for PGlite its directory. */
  database: { driver: Driver; location: string };
  /** True when this start seeded the demo data into an empty database. */
  demoSeeded: boolean;
  /** The first-run setup token, while the database has no admin account; null once one exists. */
  setupToken: string | null;
}

export function startupBanner({ config, database, demoSeeded, setupToken }: StartupFacts): string {
  const lines = [
    '',
    `Lectio is running at ${config.publicUrl}`,
    `  database: ${database.driver === 'pglite' ? `embedded PostgreSQL (PGlite) in ${database.location}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  API reference: ${config.publicUrl}/api/docs`,
    `  payments: ${config.payments.provider === 'stripe' ? `Stripe (${config.payments.currency})` : 'TEST MODE, no real charges (card 4242 4242 4242 4242)'}`,
    `  e-mail: ${config.mail.smtpUrl ? 'SMTP (SMTP_URL)' : `written to ${config.mail.outboxDir}, not sent (set SMTP_URL); admins read it at ${config.publicUrl}/dashboard/admin/mail`}`,
  ];
  if (demoSeeded) {
    lines.push(`  demo data seeded into the new database; demo accounts (password "${DEMO_PASSWORD}"):`);
    for (const account of Object.values(DEMO_ACCOUNTS))
      lines.push(`    ${account.role.padEnd(10)} ${account.email}`);
  } else if (config.seedDemo) {
    lines.push('  demo data: not seeded (SEED_DEMO=true seeds only an empty database)');
  }
  if (setupToken) {
    lines.push(
      '  first-run setup: there is no admin account yet. Create the first one at',
      `    ${config.publicUrl}${SETUP_PATH}`,
      '  with this setup token (it stops working once an admin exists):',
      `    ${setupToken}`,
      '  or from a shell: pnpm admin:create',
    );
  }
  lines.push('');
  return lines.join('\n');
}
