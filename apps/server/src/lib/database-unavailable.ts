/**
 * The database being unreachable, as a 503 with Retry-After instead of a 500 (docs/decisions/0033): the
 * server stays up while PostgreSQL is stopped, restarting or cutting connections, tells clients when to
 * try again, and serves again as soon as postgres.js reconnects (packages/db/src/client.ts bounds how long
 * that takes). Only connection-class failures count: a query PostgreSQL ran and refused (a constraint, a
 * bad value) is not an outage.
 *
 * Drizzle wraps a failed query's driver error in `DrizzleQueryError`, and a transaction that can't get a
 * connection throws the driver's error as is, so the whole `cause` chain is read. REST maps these in
 * plugins/error-handler.ts, tRPC in trpc/init.ts; the OpenAPI document declares the 503 on every route
 * that uses the database (contracts/src/openapi.ts).
 */
import { API_MESSAGES } from '@lectio/contracts/messages';
import { AppError } from './errors';

/** What a 503 for an unreachable database tells clients to wait before retrying. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Errors that prove no connection can be made right now: the server refuses or doesn't answer
 * (postgres.js's CONNECT_TIMEOUT, after `connect_timeout`), its host can't be found or reached, or it
 * says it can't accept sessions (57P03: starting up, shutting down, in recovery; 08001, 08004). These
 * also open the breaker (database-breaker.ts).
 */
const CANNOT_CONNECT: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P03', // cannot_connect_now
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
]);

/**
 * Errors of a session lost under a query, after which the pool's next connection may well work: the
 * socket closed or was reset (postgres.js's CONNECTION_CLOSED; CONNECTION_ENDED/DESTROYED when the pool
 * itself is closed), the backend was terminated (57P01: a fast shutdown or pg_terminate_backend; 57P02:
 * another backend crashed), every connection slot is taken (53300), or any other connection exception
 * (class 08).
 */
const CONNECTION_LOST: ReadonlySet<string> = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '53300', // too_many_connections
]);

const isUnavailableCode = (code: string) =>
  CANNOT_CONNECT.has(code) || CONNECTION_LOST.has(code) || /^08[0-9A-Z]{3}$/.test(code);

/**
 * The connection-class code of `error` or of an error along its `cause` chain; undefined for any other
 * error. An AppError is an answer already decided (a 503 made here keeps the driver's error as its cause).
 */
function unavailableCode(error: unknown): string | undefined {
  if (error instanceof AppError) return undefined;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && isUnavailableCode(code)) return code;
    current = current.cause;
  }
  return undefined;
}

/** True when `error` says the database can't be reached right now (connection refused, lost, timed out...). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableCode(error) !== undefined;
}

/** True when `error` proves that no new connection can be made right now (not just that one was lost). */
export function cannotConnectToDatabase(error: unknown): boolean {
  const code = unavailableCode(error);
  return code !== undefined && CANNOT_CONNECT.has(code);
}

/** True when `error` says the pool itself was closed (the app is shutting down), not the database. */
export function databasePoolClosed(error: unknown): boolean {
  const code = unavailableCode(error);
  return code === 'CONNECTION_ENDED' || code === 'CONNECTION_DESTROYED';
}

/** The 503 an unavailable database is answered with (the driver's error stays its `cause`, for the log). */
export function databaseUnavailable(
  cause?: unknown,
  message: string = API_MESSAGES.serviceUnavailable,
): AppError {
  const error = new AppError('SERVICE_UNAVAILABLE', message, undefined, {
    'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
  });
  if (cause !== undefined) error.cause = cause;
  return error;
}

/** A 503 for an error that is the database being unreachable; undefined for any other error. */
export function databaseUnavailableError(error: unknown): AppError | undefined {
  return isDatabaseUnavailable(error) ? databaseUnavailable(error) : undefined;
}
