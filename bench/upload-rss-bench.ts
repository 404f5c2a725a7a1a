/**
 * Upload memory benchmark: a 500 MB upload through the local storage driver must raise the server's RSS
 * by less than 50 MB (the file streams to disk, it is never held in memory).
 *
 * The real server (apps/server/src/main.ts) runs in a CHILD process with a temp DATA_DIR, so its RSS is
 * measured alone (/proc/<pid>/status VmRSS every 50 ms). This process signs a local upload target with
 * the same secret (as GET /videos/signature would), generates the body on the fly (real mp4 header
 * bytes, then filler; nothing is kept on disk here) and POSTs it as multipart with backpressure.
 *   pnpm --filter @lectio/bench bench:upload          (PGlite; BENCH_UPLOAD_MB changes the size)
 *   DATABASE_URL=postgres://... pnpm --filter @lectio/bench bench:upload
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalStorageDriver } from '@lectio/server/storage/local-driver';
import { freePort } from './free-port';

/** The server tests' 5 s upload sample. */
const SAMPLE_VIDEO = fileURLToPath(new URL('../apps/server/test/fixtures/sample-5s.mp4', import.meta.url));

const MB = 1024 * 1024;
const UPLOAD_BYTES = Number(process.env.BENCH_UPLOAD_MB ?? 500) * MB;
const CHUNK = 256 * 1024;
const SAMPLE_MS = 50;
const SECRET = 'u'.repeat(48);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy');
}

/** POSTs fields then a generated `file` part of `size` bytes (mp4 header, then filler), with backpressure. */
async function uploadGenerated(
  url: string,
  fields: Record<string, string>,
  size: number,
): Promise<{ status: number; body: string }> {
  const boundary = `----lectio-bench-${randomUUID()}`;
  const preamble = Buffer.from(
    `${Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  const head = readFileSync(SAMPLE_VIDEO).subarray(0, 64 * 1024);
  const filler = Buffer.alloc(CHUNK, 0x2a);

  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(preamble.length + size + epilogue.length),
      },
    });
    req.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    (async () => {
      const write = (chunk: Buffer) =>
        req.write(chunk) ? Promise.resolve() : new Promise<void>((done) => req.once('drain', done));
      await write(preamble);
      let sent = 0;
      while (sent < size) {
        const length = Math.min(CHUNK, size - sent);
        const chunk =
          sent === 0 ? Buffer.concat([head, filler]).subarray(0, length) : filler.subarray(0, length);
        await write(chunk);
        sent += length;
      }
      req.end(epilogue);
    })().catch(reject);
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'lectio-upload-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// PGlite under the temp DATA_DIR unless DATABASE_URL is given (PGlite's WASM heap dominates the baseline).
const { DATABASE_URL, ...inheritedEnv } = process.env;
const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
  cwd: path.join(repoRoot, 'apps/server'),
  env: {
    ...inheritedEnv,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    JWT_SECRET: SECRET,
    SEED_DEMO: 'false',
    // Production refuses test payments and plain http unless asked for explicitly (config.ts).
    PAYMENT_PROVIDER: 'test',
    ALLOW_INSECURE_HTTP: 'true',
    STORAGE_DRIVER: 'local',
    ...(DATABASE_URL ? { DATABASE_URL } : {}),
    MAX_VIDEO_BYTES: String(UPLOAD_BYTES + MB),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  await waitForHealth(base, child);
  const pid = child.pid ?? 0;
  const signer = new LocalStorageDriver({
    mediaDir: path.join(dataDir, 'media'),
    publicUrl: base,
    secret: SECRET,
  });
  const sign = async (name: string, maxBytes: number) =>
    signer.createUploadTarget({
      key: `courses/${randomUUID()}/lecture/bench-${name}.mp4`,
      kind: 'lecture',
      contentType: 'video/mp4',
      maxBytes,
      expiresInSeconds: 900,
    });

  // Warm-up: the first multipart request loads and compiles the upload path.
  for (let i = 0; i < 3; i++) {
    const warm = await sign(`warm-${i}`, 16 * MB);
    const result = await uploadGenerated(warm.url, warm.fields, 8 * MB);
    if (result.status !== 201) throw new Error(`warm-up upload failed: ${result.status} ${result.body}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));

  const baselineSamples: number[] = [];
  for (let i = 0; i < 10; i++) {
    baselineSamples.push(rssBytes(pid));
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
  }
  const baseline = Math.max(...baselineSamples);

  const target = await sign('big', UPLOAD_BYTES);
  let peak = baseline;
  let samples = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
    samples += 1;
  }, SAMPLE_MS);
  const started = Date.now();
  const result = await uploadGenerated(target.url, target.fields, UPLOAD_BYTES);
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssBytes(pid));
  if (result.status !== 201) throw new Error(`upload failed: ${result.status} ${result.body}`);
  const storedSize = statSync(path.join(dataDir, 'media', ...target.key.split('/'))).size;

  const mb = (bytes: number) => (bytes / MB).toFixed(1);
  const increase = peak - baseline;
  console.log(
    `upload: ${mb(UPLOAD_BYTES)} MB in ${seconds.toFixed(1)} s (${mb(UPLOAD_BYTES / seconds)} MB/s), stored ${mb(storedSize)} MB`,
  );
  console.log(
    `server RSS: baseline ${mb(baseline)} MB, peak ${mb(peak)} MB, increase ${mb(increase)} MB (${samples} samples every ${SAMPLE_MS} ms)`,
  );
  console.log(increase < 50 * MB ? 'PASS: increase < 50 MB' : 'FAIL: increase >= 50 MB');
  if (storedSize !== UPLOAD_BYTES || increase >= 50 * MB) process.exitCode = 1;
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
