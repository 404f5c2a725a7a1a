/** What every service function receives: the database (or a transaction) and the config. */
import type { Database } from '@lectio/db';
import type { Config } from '../config';
import type { JobQueue } from '../jobs/job-queue';
import type { MailPort } from '../mail/mail-port';
import type { PaymentProvider } from '../payments/payment-port';
import type { StoragePort } from '../storage/storage-port';
import type { ActivitySink } from './activity/activity-recorder';
import type { LoginThrottle } from './auth/login-throttle';

export interface ServiceContext {
  db: Database;
  config: Config;
  loginThrottle: LoginThrottle;
  /** Media storage: the driver chosen by STORAGE_DRIVER (storage/create-storage.ts). */
  storage: StoragePort;
  /** Payments: the driver chosen by PAYMENT_PROVIDER (payments/create-payment-provider.ts). */
  payments: PaymentProvider;
  now: () => Date;
  /** Buffered activity events for the engagement analytics; `record()` never waits on the database. */
  activity: ActivitySink;
  /** Outgoing e-mail: SMTP or the file outbox (mail/create-mail.ts); sent by the job worker, never by a request. */
  mail: MailPort;
  /** Background jobs in PostgreSQL (jobs/job-queue.ts): mail deliveries, password-reset requests. */
  jobs: JobQueue;
}

/** The signed-in user a request acts as, loaded fresh from the database on each request. */
export interface Actor {
  id: string;
  sessionId: string;
  role: string;
  name: string;
  email: string;
}
