/**
 * What the process does with an error nothing caught (docs/decisions/0042): it logs it once, at fatal
 * level with the stack, and exits with status 1 so that its supervisor (Docker's restart policy, systemd,
 * Kubernetes) starts a fresh one. Node's documentation is plain that a process can't safely go on after
 * an uncaught exception, and the one we know of, postgres.js 3.4.9 writing a ROLLBACK to a socket it has
 * already closed when a connection is cut inside a transaction (porsager/postgres#1154, #1208), leaves
 * that transaction's promise unsettled: going on would leave its request hanging and its connection
 * slot taken. Requests in flight on this instance get no answer; the load balancer's retry, the web app's
 * retry of reads, and the idempotent purchase path (decision 0033) cover them.
 */

export interface FatalLogger {
  fatal(object: { err: unknown; origin: string }, message: string): void;
  /** pino's: writes what it has buffered (its stdout stream is asynchronous), then calls back. */
  flush?(callback?: (error?: Error) => void): void;
}

/** The longest the exit waits for the log to be written. */
const FLUSH_DEADLINE_MS = 2000;

export const FATAL_EXIT_MESSAGE =
  'uncaught error: exiting so that the supervisor starts a fresh process (docs/DEPLOYMENT.md)';

/**
 * Installs the handlers for `uncaughtException` (which also receives unhandled rejections under Node's
 * default `--unhandled-rejections=throw`, with origin `unhandledRejection`). Returns a function that
 * removes them.
 */
export function exitOnUncaughtErrors(
  logger: FatalLogger,
  exit: (code: number) => void = (code) => process.exit(code),
): () => void {
  let exiting = false;
  const onError = (err: unknown, origin: string) => {
    if (exiting) return;
    exiting = true;
    try {
      logger.fatal({ err, origin }, FATAL_EXIT_MESSAGE);
    } catch {
      exit(1);
      return;
    }
    if (!logger.flush) {
      exit(1);
      return;
    }
    // Under load the stream may hold megabytes of lines; exiting at once would lose them, this one last.
    setTimeout(() => exit(1), FLUSH_DEADLINE_MS).unref();
    logger.flush(() => exit(1));
  };
  process.on('uncaughtException', onError);
  return () => {
    process.off('uncaughtException', onError);
  };
}
