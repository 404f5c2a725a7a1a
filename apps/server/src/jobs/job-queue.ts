/**
 * Background jobs in PostgreSQL through pg-boss (docs/decisions/0035-mail-and-account-tokens.md): a job is a
 * row in the same database as everything else, created in the caller's transaction when it has one, so it
 * exists exactly when the rows it is about were committed. pg-boss fetches jobs with SKIP LOCKED (several
 * instances share the work), retries a failed one with backoff, and expires one whose worker died.
 *
 * Lifecycle: `start()` (the app's onReady) installs or migrates pg-boss's schema, creates the queues and,
 * unless `worker: false`, polls them. It runs in the background and retries on its own, so an app whose
 * database is down at start still starts (and answers 503s); `send()` waits for it. `stop()` (the app's
 * onClose) lets running jobs finish (up to STOP_TIMEOUT_MS) before the database is closed.
 *
 * Tests build the app without the worker and call `drain()`, which runs every job that is due, in the
 * test's own process, until none is left: no polling interval to wait for, no race with a worker.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '@lectio/db';
import type { FastifyBaseLogger } from 'fastify';
import { type JobWithMetadata, PgBoss, type QueueOptions } from 'pg-boss';
import { jobDatabaseOptions, transactionJobDatabase } from './job-database';

/** What a handler learns about the attempt it runs. */
export interface JobAttemptInfo {
  /** 0 on the first attempt. */
  retryCount: number;
  /** No retry follows if this attempt fails. */
  isLastAttempt: boolean;
}

export interface JobDefinition<Data extends object> {
  /** pg-boss queue name: letters, digits, `_`, `-`, `.`, `/`. */
  name: string;
  options: Pick<
    QueueOptions,
    'retryLimit' | 'retryDelay' | 'retryBackoff' | 'retryDelayMax' | 'expireInSeconds' | 'deleteAfterSeconds'
  >;
  /** Jobs of this queue one worker runs at once (default 1). */
  concurrency?: number;
  /** Throws to fail the attempt (retried while the queue's retry limit allows). */
  handler(data: Data, attempt: JobAttemptInfo): Promise<void>;
}

export interface JobQueueOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** Poll the queues and run their jobs (default true); tests run them with `drain()` instead. */
  worker?: boolean;
  pollingIntervalSeconds?: number;
}

export interface SendOptions {
  /** The caller's transaction: the job is created in it. */
  tx?: Database;
  /** The job's id (a uuid): a second send with the same id creates nothing. */
  id?: string;
}

const STOP_TIMEOUT_MS = 10_000;
const RESTART_DELAY_MS = 5_000;
/** How long `send()` waits for a start still under way (a database that is down at start). */
const READY_TIMEOUT_MS = 15_000;

export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private readonly periodic: { name: string; intervalMs: number; task: () => Promise<unknown> }[] = [];
  private readonly boss: PgBoss;
  private readonly worker: boolean;
  /** PGlite: one connection, shared with the app (see `start`). */
  private readonly embedded: boolean;
  private ready: Promise<void> | undefined;
  private firstAttempt: Promise<void> | undefined;
  private stopped = false;
  /** Ends a wait between start attempts when the app closes. */
  private readonly stopping = new AbortController();
  private running = 0;

  constructor(private readonly options: JobQueueOptions) {
    this.worker = options.worker ?? true;
    const database = jobDatabaseOptions(options.db);
    this.embedded = database.backend === 'pglite';
    this.boss = new PgBoss({
      ...database,
      // No cron schedules here; maintenance (expiring and deleting old jobs) only where jobs are worked.
      schedule: false,
      supervise: this.worker,
    });
    // pg-boss reports its background failures (a poll while the database is down) as events: without a
    // listener an 'error' event would end the process.
    this.boss.on('error', (error) => options.log.warn({ err: error }, 'job queue error'));
    this.boss.on('warning', (warning) => options.log.warn({ warning }, 'job queue warning'));
  }

  define<Data extends object>(definition: JobDefinition<Data>): void {
    if (this.ready) throw new Error(`job queue: ${definition.name} defined after start`);
    this.definitions.set(definition.name, definition as unknown as JobDefinition<object>);
  }

  /**
   * Starts in the background (see the module comment). On PGlite the returned promise resolves once the
   * first attempt has ended (embedded: it always ends, and quickly), and the app's onReady waits for it:
   * a job is created inside its caller's transaction, and on PGlite's single connection a start still
   * under way would wait for that transaction while the transaction waits for the start. On PostgreSQL
   * nothing waits (a send waits for the start on a connection of its own), so an unreachable server
   * never holds up the app's start. Later calls return the same promise.
   */
  start(): Promise<void> {
    if (!this.ready) {
      let firstAttemptEnded: () => void = () => undefined;
      this.firstAttempt = new Promise<void>((resolve) => {
        firstAttemptEnded = resolve;
      });
      this.ready = this.startWithRetries(firstAttemptEnded);
      // Awaited by send() and drain(); a failure is logged, never left unhandled.
      this.ready.catch(() => undefined);
    }
    return this.embedded && this.firstAttempt ? this.firstAttempt : Promise.resolve();
  }

  private async startWithRetries(firstAttemptEnded: () => void): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.start();
        for (const definition of this.definitions.values()) {
          await this.boss.createQueue(definition.name, definition.options);
          // An existing queue keeps the options it was created with: apply the configured ones.
          await this.boss.updateQueue(definition.name, definition.options);
        }
        if (this.worker) {
          for (const definition of this.definitions.values()) await this.work(definition);
          this.startPeriodic();
        }
        firstAttemptEnded();
        return;
      } catch (error) {
        firstAttemptEnded();
        if (this.stopped) throw error;
        if (attempt === 1) this.options.log.warn({ err: error }, 'job queue did not start; retrying');
        await sleep(RESTART_DELAY_MS, undefined, { signal: this.stopping.signal, ref: false }).catch(
          () => undefined,
        );
        if (this.stopped) throw error;
      }
    }
  }

  private async work(definition: JobDefinition<object>): Promise<void> {
    await this.boss.work(
      definition.name,
      {
        includeMetadata: true,
        batchSize: 1,
        localConcurrency: definition.concurrency ?? 1,
        pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
      },
      async ([job]) => {
        if (job) await this.run(definition, job);
      },
    );
  }

  private async run(definition: JobDefinition<object>, job: JobWithMetadata<unknown>): Promise<void> {
    this.running += 1;
    try {
      await definition.handler(job.data as object, {
        retryCount: job.retryCount,
        isLastAttempt: job.retryCount >= job.retryLimit,
      });
    } finally {
      this.running -= 1;
    }
  }

  /** Waits for the start, or fails after READY_TIMEOUT_MS (the database is unreachable). */
  private async whenReady(): Promise<void> {
    void this.start();
    const started = this.ready as Promise<void>;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('job queue not started')), READY_TIMEOUT_MS);
      timer.unref();
    });
    try {
      await Promise.race([started, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Queues a job of a defined queue, in `tx` when given. */
  async send(name: string, data: object, options: SendOptions = {}): Promise<void> {
    if (!this.definitions.has(name)) throw new Error(`job queue: unknown queue ${name}`);
    await this.whenReady();
    await this.boss.send(name, data, {
      ...(options.id ? { id: options.id } : {}),
      ...(options.tx ? { db: transactionJobDatabase(options.tx) } : {}),
    });
  }

  /**
   * Queues many jobs of one defined queue in one statement (pg-boss `insert`), in `tx` when given; each
   * with its id (a second job with an id already queued is skipped). The queue's retry options apply.
   */
  async sendMany(
    name: string,
    jobs: readonly { id: string; data: object }[],
    options: Pick<SendOptions, 'tx'> = {},
  ): Promise<void> {
    if (!this.definitions.has(name)) throw new Error(`job queue: unknown queue ${name}`);
    if (jobs.length === 0) return;
    await this.whenReady();
    await this.boss.insert(
      name,
      jobs.map((job) => ({ id: job.id, data: job.data })),
      options.tx ? { db: transactionJobDatabase(options.tx) } : {},
    );
  }

  /**
   * Makes sure the job `id` of a defined queue will run: one queued, retrying or running is left alone;
   * one that failed for good gets one more attempt (pg-boss `retry`); one no longer stored (deleted after
   * the queue's deleteAfterSeconds) is sent again with the same id. True when it queued anything.
   */
  async ensureQueued(name: string, id: string, data: object): Promise<boolean> {
    if (!this.definitions.has(name)) throw new Error(`job queue: unknown queue ${name}`);
    await this.whenReady();
    const job = await this.boss.getJobById(name, id);
    if (!job) {
      await this.boss.send(name, data, { id });
      return true;
    }
    if (job.state !== 'failed') return false;
    await this.boss.retry(name, id);
    return true;
  }

  /**
   * Runs `task` every `intervalMs` while this queue works its jobs, first once it has started; never in
   * an app built without the worker (the tests'). A failure is logged and the next run comes anyway.
   * Declared before start, like the queues; stopped with the queue.
   */
  every(name: string, intervalMs: number, task: () => Promise<unknown>): void {
    if (this.ready) throw new Error(`job queue: ${name} declared after start`);
    this.periodic.push({ name, intervalMs, task });
  }

  private startPeriodic(): void {
    for (const { name, intervalMs, task } of this.periodic) {
      const run = () => {
        if (this.stopped) return;
        task().catch((error: unknown) => this.options.log.warn({ err: error }, `${name} failed`));
      };
      const timer = setInterval(run, intervalMs);
      timer.unref();
      this.stopping.signal.addEventListener('abort', () => clearInterval(timer));
      run();
    }
  }

  /**
   * Runs every due job of every queue here until none is left (tests). A failed attempt is settled as
   * the worker would (retried if the queue allows, the retry due after the queue's delay), so with a
   * delay of 0 every retry runs in the same drain. `only`: just these queues (the others' jobs wait).
   */
  async drain(only?: readonly string[]): Promise<void> {
    await this.whenReady();
    const definitions = [...this.definitions.values()].filter(
      (definition) => !only || only.includes(definition.name),
    );
    for (;;) {
      let ran = false;
      for (const definition of definitions) {
        const jobs = await this.boss.fetch(definition.name, { batchSize: 10, includeMetadata: true });
        for (const job of jobs) {
          ran = true;
          try {
            await this.run(definition, job);
            await this.boss.complete(definition.name, job);
          } catch (error) {
            await this.boss.fail(definition.name, job, { message: errorText(error) });
          }
        }
      }
      if (!ran && this.running === 0) return;
      if (!ran) await sleep(10);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    if (!this.ready) return;
    // A start still retrying gives up (stopped); one under way is waited for, so stop() can undo it.
    await this.ready.catch(() => undefined);
    // Closes pg-boss's own pool on PostgreSQL; an adapter's client (PGlite) is the app's to close.
    await this.boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
  }
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
