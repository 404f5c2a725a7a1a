/**
 * A PostgreSQL server of the machine's own installation, created for the chaos tier in a temporary
 * directory and on a free loopback port, so that stopping it or cutting its connections disturbs nothing
 * else: other test suites run on the machine's main cluster at the same time. `initdb` and `pg_ctl` are
 * the installation's (PG_BIN_DIR, else the newest /usr/lib/postgresql/<version>/bin); PostgreSQL refuses
 * to run as root, so as root they run as the `postgres` user (`runuser -u postgres --`).
 *
 * `destroy()` stops it (immediate mode) and deletes the directory; a process exit handler does the same
 * if the run ends without reaching it.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../helpers/free-port';

export interface ThrowawayPostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> (trust authentication, loopback only). */
  url(database?: string): string;
  /** `pg_ctl stop -m fast`: sessions are terminated (57P01), new ones refused, then the port closes. */
  stop(): Promise<void>;
  /** `pg_ctl start -w`: resolves once the server accepts connections. */
  start(): Promise<void>;
  /** The server's log so far (its last 200 lines), for failure messages. */
  log(): string;
  destroy(): void;
}

function binDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(path.join(root, name, 'bin/pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error(
      'The chaos tier needs a PostgreSQL installation: apt-get install -y postgresql (or set PG_BIN_DIR)',
    );
  return path.join(root, versions[0], 'bin');
}

const asRoot = process.getuid?.() === 0;

/** The command line for one of the installation's programs: as `postgres` when we are root. */
function commandLine(bin: string, program: string, args: string[]): [string, string[]] {
  const command = path.join(bin, program);
  return asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/**
 * Runs it without blocking the event loop (the load generator shares this process); rejects with its
 * output on failure.
 */
function run(bin: string, program: string, args: string[]): Promise<void> {
  const [file, argv] = commandLine(bin, program, args);
  return new Promise((resolve, reject) => {
    execFile(file, argv, { encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
      if (error)
        reject(new Error(`${program} ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`));
      else resolve();
    });
  });
}

const live = new Set<() => void>();
let exitHandlerInstalled = false;

export async function createThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'lectio-chaos-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgresql.log');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  let destroyed = false;
  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    live.delete(destroy);
    // Synchronous: this also runs from the process exit handler.
    if (existsSync(path.join(data, 'postmaster.pid')))
      spawnSync(...commandLine(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']), {
        stdio: 'ignore',
        timeout: 30_000,
      });
    rmSync(dir, { recursive: true, force: true });
  };
  live.add(destroy);
  if (!exitHandlerInstalled) {
    exitHandlerInstalled = true;
    process.once('exit', () => {
      for (const cleanup of [...live]) cleanup();
    });
  }

  try {
    const port = await freePort();
    await run(bin, 'initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    // Loopback only, its own socket directory, and enough connections for the server's pool and ours.
    writeFileSync(
      path.join(data, 'postgresql.auto.conf'),
      [
        `port = ${port}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${dir}'`,
        'max_connections = 60',
        'shared_buffers = 32MB',
        '',
      ].join('\n'),
    );
    if (asRoot) execFileSync('chown', ['postgres:postgres', path.join(data, 'postgresql.auto.conf')]);
    const pgCtl = (...args: string[]) => run(bin, 'pg_ctl', ['-D', data, ...args]);
    const start = () => pgCtl('-l', logFile, '-w', '-t', '60', 'start');
    await start();
    return {
      port,
      url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
      stop: () => pgCtl('-m', 'fast', '-w', '-t', '60', 'stop'),
      start,
      log: () =>
        existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-200).join('\n') : '',
      destroy,
    };
  } catch (error) {
    destroy();
    throw error;
  }
}
