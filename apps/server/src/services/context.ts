/** What every service function receives: the database (or a transaction) and the config. */
import type { Database } from '@lectio/db';
import type { Config } from '../config';
import type { StoragePort } from '../storage/storage-port';
import type { LoginThrottle } from './auth/login-throttle';

export interface ServiceContext {
  db: Database;
  config: Config;
  loginThrottle: LoginThrottle;
  /** Media storage; absent only until the storage driver is wired (see app.ts). */
  storage?: StoragePort;
  now: () => Date;
}

/** The signed-in user a request acts as, loaded fresh from the database on each request. */
export interface Actor {
  id: string;
  sessionId: string;
  role: string;
  name: string;
  email: string;
}
