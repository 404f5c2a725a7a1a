/**
 * Two instances behind a real load balancer (issue 12, item 6; docs/DEPLOYMENT.md): two processes of the
 * production bundle on one PostgreSQL database and one media directory, HAProxy in front (roundrobin, no
 * stickiness, health checks, X-Forwarded-For), TRUST_PROXY=true. Clients connect from distinct loopback
 * addresses (127.0.0.x), so HAProxy sees distinct clients and writes their real address into
 * X-Forwarded-For. Every claim below is checked with requests spread over both instances (HAProxy's
 * X-Served-By says which one answered) or sent to each instance directly. The measured figures are
 * printed at the end.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleImage } from '../helpers/media';
import { multipartBody } from '../helpers/multipart';
import { type Cluster, INSTANCE_NAMES, type InstanceName, startCluster } from './cluster-harness';
import { type Client, clientFrom, cookieFrom, destroyAgents, type Reply } from './http-client';

const PASSWORD = 'correct horse battery staple';
const REFRESH_COOKIE = 'lectio_refresh';
/** The limits this cluster runs with (the login throttle keeps its defaults: 5 per account and address). */
const SIGNUP_MAX = 4;
const CEILING_MAX = 400;
const CATALOGUE_CACHE_SECONDS = 2;
const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
/** HAProxy checks every second and marks a server down after 2 failures: drain longer than that. */
const CHECK_INTERVAL_MS = 1000;
const SHUTDOWN_DRAIN_SECONDS = 3;

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let cluster: Cluster;
/** The test's own requests straight to one instance, bypassing HAProxy. */
const direct = clientFrom('127.0.0.2');
const figures: Record<string, unknown> = {};
/** The published course the catalogue test creates; the storage and load tests use it. */
let catalogueCourseId = '';

beforeAll(async () => {
  cluster = await startCluster({
    env: {
      RATE_LIMIT_SIGNUP_MAX: String(SIGNUP_MAX),
      RATE_LIMIT_GLOBAL_MAX: String(CEILING_MAX),
      CATALOGUE_CACHE_SECONDS: String(CATALOGUE_CACHE_SECONDS),
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(LOGIN_MAX_FAILURES_PER_ACCOUNT),
      SHUTDOWN_DRAIN_SECONDS: String(SHUTDOWN_DRAIN_SECONDS),
    },
    checkIntervalMs: CHECK_INTERVAL_MS,
  });
  figures.startup = cluster.timings;
}, 180_000);

afterAll(async () => {
  destroyAgents();
  await cluster?.stop();
  const report = JSON.stringify(figures, null, 2);
  console.log(`\ncluster tier figures:\n${report}\n`);
  mkdirSync(path.join(serverDir, 'test-results'), { recursive: true });
  writeFileSync(path.join(serverDir, 'test-results/cluster-figures.json'), `${report}\n`);
}, 60_000);

const at = (name: InstanceName) => cluster.instances[name].url;
const json = (body: unknown) => ({ method: 'POST', body });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signup(client: Client, email: string, base = cluster.url): Promise<Reply> {
  return client.request(
    base,
    '/api/v1/auth/signup',
    json({ name: 'Cluster Tester', email, password: PASSWORD, confirmPassword: PASSWORD }),
  );
}

async function login(client: Client, email: string, password = PASSWORD, base = cluster.url) {
  return client.request(base, '/api/v1/auth/login', json({ email, password }));
}

const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}@cluster.example`;

let adminCredentials: { email: string } | undefined;

/** Signs the first admin in (created in the first test) directly at `name`. */
async function adminToken(name: InstanceName): Promise<string> {
  if (!adminCredentials) throw new Error('the first-run setup test creates the admin');
  const reply = await login(direct, adminCredentials.email, PASSWORD, at(name));
  expect(reply.status).toBe(200);
  return reply.json<{ accessToken: string }>().accessToken;
}

interface Page {
  data: { courses: { _id: string; title: string }[] };
}

describe('two instances behind HAProxy on one database and one storage', () => {
  it('start together on an empty database, print one setup token, and share first-run setup', async () => {
    // Both processes were started at the same moment on an empty database: both migrated it and answer.
    for (const name of INSTANCE_NAMES)
      expect((await direct.request(at(name), '/api/v1/health')).status).toBe(200);
    const tokens = INSTANCE_NAMES.map(
      (name) => /setup token[^\n]*\n\s+(\S+)/.exec(cluster.instances[name].output())?.[1],
    );
    expect(tokens[0]).toMatch(/^[\w-]{32}$/);
    expect(tokens[1]).toBe(tokens[0]);

    const email = uniqueEmail('admin');
    const created = await direct.request(
      at('a'),
      '/api/v1/setup/admin',
      json({ token: tokens[0], name: 'First Admin', email, password: PASSWORD, confirmPassword: PASSWORD }),
    );
    expect(created.status).toBe(201);
    adminCredentials = { email };
    // Closed on the other instance too: setup state is the database's, not the process's.
    expect((await direct.request(at('b'), '/api/v1/setup/status')).json()).toEqual({ needsSetup: false });
    const again = await direct.request(
      at('b'),
      '/api/v1/setup/admin',
      json({
        token: tokens[0],
        name: 'Second',
        email: uniqueEmail('x'),
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    );
    expect(again.status).toBe(409);
  });

  it('keeps a session across instances: sign in on one, use and rotate it on the other, refuse a replay everywhere', async () => {
    const email = uniqueEmail('student');
    expect((await signup(clientFrom('127.0.0.10'), email)).status).toBe(201);

    const signedIn = await login(direct, email, PASSWORD, at('a'));
    expect(signedIn.status).toBe(200);
    const first = {
      access: signedIn.json<{ accessToken: string }>().accessToken,
      refresh: cookieFrom(signedIn, REFRESH_COOKIE),
    };
    expect(first.refresh).toBeTruthy();

    // The access token issued by a works on b.
    const me = await direct.request(at('b'), '/api/v1/auth/me', { headers: bearer(first.access) });
    expect(me.status).toBe(200);
    expect(me.json<{ user: { email: string } }>().user.email).toBe(email);

    // Rotation on b, then on a: each instance accepts the other's newest refresh token.
    const rotate = (name: InstanceName, refresh: string | undefined) =>
      direct.request(at(name), '/api/v1/auth/refresh', {
        headers: { cookie: `${REFRESH_COOKIE}=${refresh}` },
      });
    const onB = await rotate('b', first.refresh);
    expect(onB.status).toBe(200);
    const second = {
      access: onB.json<{ accessToken: string }>().accessToken,
      refresh: cookieFrom(onB, REFRESH_COOKIE),
    };
    expect(second.refresh).toBeTruthy();
    expect(second.refresh).not.toBe(first.refresh);
    expect(
      (await direct.request(at('a'), '/api/v1/auth/me', { headers: bearer(second.access) })).status,
    ).toBe(200);
    const onA = await rotate('a', second.refresh);
    expect(onA.status).toBe(200);
    const third = {
      access: onA.json<{ accessToken: string }>().accessToken,
      refresh: cookieFrom(onA, REFRESH_COOKIE),
    };

    // The first token again, on the instance that never saw it rotate: refused, and the family ends.
    expect((await rotate('a', first.refresh)).status).toBe(401);
    expect((await rotate('b', first.refresh)).status).toBe(401);
    expect((await rotate('b', third.refresh)).status).toBe(401);
    for (const name of INSTANCE_NAMES)
      expect(
        (await direct.request(at(name), '/api/v1/auth/me', { headers: bearer(third.access) })).status,
      ).toBe(401);

    // Through the balancer, with no stickiness: a new session is served by both instances.
    const client = clientFrom('127.0.0.10');
    const session = (await login(client, email)).json<{ accessToken: string }>().accessToken;
    const servedBy = new Set<string | undefined>();
    for (let i = 0; i < 6; i += 1) {
      const reply = await client.request(cluster.url, '/api/v1/auth/me', { headers: bearer(session) });
      expect(reply.status).toBe(200);
      servedBy.add(reply.servedBy);
    }
    expect(servedBy).toEqual(new Set(INSTANCE_NAMES));
  });

  it('counts sign-in guesses spread over both instances together, per client address from X-Forwarded-For', async () => {
    const email = uniqueEmail('victim');
    const owner = clientFrom('127.0.0.11');
    const attacker = clientFrom('127.0.0.13');
    expect((await signup(owner, email)).status).toBe(201);
    // The owner signs in once from their address: it becomes familiar (decision 0031, rule 3).
    expect((await login(owner, email)).status).toBe(200);

    const guesses: Reply[] = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i += 1)
      guesses.push(await login(attacker, email, `wrong guess ${i}`));
    expect(guesses.map((reply) => reply.status)).toEqual(Array(LOGIN_MAX_FAILURES_PER_ACCOUNT).fill(401));
    expect(new Set(guesses.map((reply) => reply.servedBy))).toEqual(new Set(INSTANCE_NAMES));

    // Each instance has seen at most 3 of the 5: per-process counters would let these through (200).
    const refused = [await login(attacker, email), await login(attacker, email)];
    expect(refused.map((reply) => reply.status)).toEqual([429, 429]);
    expect(new Set(refused.map((reply) => reply.servedBy))).toEqual(new Set(INSTANCE_NAMES));
    for (const reply of refused) expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);

    // A forged X-Forwarded-For changes nothing: HAProxy replaces the header with the address it saw.
    const forged = await attacker.request(cluster.url, '/api/v1/auth/login', {
      ...json({ email, password: PASSWORD }),
      headers: { 'x-forwarded-for': '198.51.100.23' },
    });
    expect(forged.status).toBe(429);

    // The lock is the attacker's address only. If the instances took HAProxy's address as the client's
    // (no TRUST_PROXY), the owner would share the attacker's counters and be refused here.
    const ownerAgain = await login(owner, email);
    expect(ownerAgain.status).toBe(200);
    figures.loginThrottle = {
      guesses: guesses.map((reply) => `${reply.status}@${reply.servedBy}`),
      refused: refused.map(
        (reply) => `${reply.status}@${reply.servedBy} retry-after=${reply.headers['retry-after']}`,
      ),
      ownerFromOwnAddress: ownerAgain.status,
    };
  });

  it('shares the sign-up limit between the instances', async () => {
    const client = clientFrom('127.0.0.20');
    const replies: Reply[] = [];
    for (let i = 0; i < SIGNUP_MAX + 2; i += 1) replies.push(await signup(client, uniqueEmail(`signup${i}`)));
    // Per-process counters would allow SIGNUP_MAX on each instance: all six would pass.
    expect(replies.map((reply) => reply.status)).toEqual([
      ...Array(SIGNUP_MAX).fill(201),
      ...Array(2).fill(429),
    ]);
    expect(new Set(replies.slice(0, SIGNUP_MAX).map((reply) => reply.servedBy))).toEqual(
      new Set(INSTANCE_NAMES),
    );
    expect(new Set(replies.slice(SIGNUP_MAX).map((reply) => reply.servedBy))).toEqual(
      new Set(INSTANCE_NAMES),
    );
    const refusal = replies.at(-1);
    expect(refusal?.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(refusal?.headers['retry-after'])).toBeGreaterThan(0);
    figures.signupLimit = replies.map((reply) => `${reply.status}@${reply.servedBy}`);
  });

  it('holds the batched per-IP ceiling across both instances to within a batch of its maximum', async () => {
    const client = clientFrom('127.0.0.30');
    const replies: Reply[] = [];
    const concurrency = 4;
    const total = CEILING_MAX * 2;
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          next += 1;
          replies.push(await client.request(cluster.url, '/api/v1/courses?limit=1'));
        }
      }),
    );
    const accepted = replies.filter((reply) => reply.status === 200);
    const refused = replies.filter((reply) => reply.status === 429);
    expect(accepted.length + refused.length).toBe(total);
    expect(new Set(accepted.map((reply) => reply.servedBy))).toEqual(new Set(INSTANCE_NAMES));
    expect(new Set(refused.map((reply) => reply.servedBy))).toEqual(new Set(INSTANCE_NAMES));
    // Never refused early; let through at most a batch more per instance (a twentieth of the maximum
    // each, plus the requests in flight). Per-process counters would let 2 × CEILING_MAX through.
    expect(accepted.length).toBeGreaterThanOrEqual(CEILING_MAX);
    expect(accepted.length).toBeLessThanOrEqual(CEILING_MAX * 1.2);
    figures.perIpCeiling = {
      max: CEILING_MAX,
      sent: total,
      accepted: accepted.length,
      refused: refused.length,
    };
  });

  it('shows a course write on the other instance’s anonymous catalogue within CATALOGUE_CACHE_SECONDS', async () => {
    const boundMs = CATALOGUE_CACHE_SECONDS * 1000;
    const tokens = { a: await adminToken('a'), b: await adminToken('b') };
    // An anonymous visitor of its own, so that the polling stays far below the per-IP ceiling.
    const visitor = clientFrom('127.0.0.3');
    const anonymousPage = async (name: InstanceName, limit: number) => {
      const reply = await visitor.request(at(name), `/api/v1/courses?limit=${limit}`);
      expect(reply.status).toBe(200);
      return reply;
    };

    /**
     * Fills `reader`'s cache with a page nobody has asked for yet (a `limit` of its own, so the entry is
     * new and lives its whole TTL: the worst case), writes through the other instance, then polls `reader`
     * until the page shows the write.
     */
    const measure = async (
      reader: InstanceName,
      limit: number,
      write: () => Promise<void>,
      seen: (page: Page) => boolean,
    ) => {
      const warm = await anonymousPage(reader, limit);
      expect(seen(warm.json<Page>())).toBe(false);
      await write();
      const writtenAt = performance.now();
      let staleReads = 0;
      while (!seen((await anonymousPage(reader, limit)).json<Page>())) {
        staleReads += 1;
        if (performance.now() - writtenAt > boundMs + 5000) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return {
        delayMs: Math.round(performance.now() - writtenAt),
        staleReads,
        cacheControl: warm.headers['cache-control'],
      };
    };

    const title = `Cluster course ${Date.now().toString(36)}`;
    let courseId = '';
    const created = await measure(
      'b',
      10,
      async () => {
        const reply = await direct.request(at('a'), '/api/v1/courses', {
          ...json({
            title,
            shortDescription: 'Written through a',
            category: 'Design',
            level: 'Beginner',
            isPublished: true,
          }),
          headers: bearer(tokens.a),
        });
        expect(reply.status).toBe(201);
        courseId = reply.json<{ data: { course: { _id: string } } }>().data.course._id;
        // The writer's own cache was cleared by the write: it shows the course at once.
        const own = (await anonymousPage('a', 10)).json<Page>();
        expect(own.data.courses.some((course) => course._id === courseId)).toBe(true);
      },
      (page) => page.data.courses.some((course) => course.title === title),
    );
    // The bound, plus slack for the polling interval and a busy machine's request times; an entry kept
    // past its TTL would go well beyond it (the polling gives up 5 s after the bound).
    expect(created.delayMs).toBeLessThanOrEqual(boundMs + 1000);

    const renamed = `${title} (renamed)`;
    const updated = await measure(
      'a',
      9,
      async () => {
        const reply = await direct.request(at('b'), `/api/v1/courses/${courseId}`, {
          method: 'PATCH',
          body: { title: renamed },
          headers: bearer(tokens.b),
        });
        expect(reply.status).toBe(200);
      },
      (page) => page.data.courses.some((course) => course.title === renamed),
    );
    expect(updated.delayMs).toBeLessThanOrEqual(boundMs + 1000);
    // What a CDN or shared cache in front may add (decision 0002): s-maxage on the anonymous pages.
    expect(created.cacheControl).toContain(`s-maxage=${CATALOGUE_CACHE_SECONDS}`);
    figures.catalogue = {
      boundMs,
      createdThroughAShownOnBAfterMs: created.delayMs,
      staleReadsOnB: created.staleReads,
      renamedThroughBShownOnAAfterMs: updated.delayMs,
      staleReadsOnA: updated.staleReads,
      cacheControl: created.cacheControl,
    };
    catalogueCourseId = courseId;
  });

  it('stores media once for both: uploaded through one, served by the other, its signature single-use on both', async () => {
    const token = await adminToken('a');
    const courseId = catalogueCourseId;
    expect(courseId).toBeTruthy();
    const signature = await direct.request(
      at('a'),
      `/api/v1/videos/signature?kind=thumbnail&courseId=${courseId}&contentType=image/jpeg`,
      { headers: bearer(token) },
    );
    expect(signature.status).toBe(200);
    const { fields, key } = signature.json<{ fields: Record<string, string>; key: string }>();
    const image = sampleImage();
    const form = await multipartBody([
      ...Object.entries(fields),
      ['file', { data: image, filename: 'thumb.jpg', contentType: 'image/jpeg' }],
    ]);
    const upload = (name: InstanceName) =>
      direct.request(at(name), '/api/v1/media/upload', {
        method: 'POST',
        body: form.payload,
        headers: form.headers,
      });

    expect((await upload('b')).status).toBe(201);
    // Replayed through the other instance: the key already holds a file in the shared directory.
    expect((await upload('a')).status).toBe(409);
    for (const name of INSTANCE_NAMES) {
      const download = await direct.request(at(name), `/api/v1/media/${encodeURIComponent(key)}`);
      expect(download.status).toBe(200);
      expect(download.bytes.equals(image)).toBe(true);
    }
  });

  it('loses only the requests in flight when an instance is killed under load, and routes around it', async () => {
    const load = startLoad(await loadRequests());
    await sleep(2000);
    const killedAt = performance.now();
    const diedAt = await cluster.kill('a');
    const markedDownAfterMs = await cluster.waitForState('a', 'DOWN');
    await sleep(1000);
    const restartedAt = performance.now();
    await cluster.restart('a');
    const listeningAt = performance.now();
    await cluster.waitForState('a', 'UP');
    const upAt = performance.now();
    await sleep(1500);
    const samples = await load.stop();

    const failed = samples.filter(isFailure);
    const failedLate = failed.filter((sample) => sample.startedAt >= diedAt);
    const others = samples.filter((sample) => sample.status !== 200 && !isFailure(sample));
    const underWayWhileDying = samples.filter(
      (sample) => sample.startedAt < diedAt && sample.endedAt >= killedAt,
    );
    const whileDown = samples.filter((sample) => sample.startedAt >= diedAt && sample.endedAt < listeningAt);
    const afterBack = samples.filter((sample) => sample.startedAt >= upAt);

    figures.instanceKilled = {
      loopers: LOOPERS,
      requestsSent: samples.length,
      requestsPerSecond: load.requestsPerSecond(),
      failed: failed.length,
      failures: describeFailures(failed, killedAt),
      underWayWhileDying: underWayWhileDying.length,
      failedAfterDeath: failedLate.length,
      otherNon200: others.length,
      lastFailureAfterKillMs: lastFailureAfter(failed, killedAt),
      processGoneAfterKillMs: Math.round(diedAt - killedAt),
      markedDownByHaproxyAfterMs: Math.round(markedDownAfterMs),
      restartListeningAfterMs: Math.round(listeningAt - restartedAt),
      restartMarkedUpAfterMs: Math.round(upAt - restartedAt),
      servedByAfterDeathUntilRestart: countBy(whileDown, (sample) => sample.servedBy ?? 'none'),
      servedByAfterReturn: countBy(afterBack, (sample) => sample.servedBy ?? 'none'),
    };

    expect(samples.length).toBeGreaterThan(200);
    expect(others).toEqual([]);
    // Lost: only requests under way while the process died. Every failure ended after the kill and had
    // been sent before the process was gone (until its sockets close, the kernel still takes connections
    // and bytes for it); every request sent after that succeeded, before and after HAProxy noticed.
    expect(failed.filter((sample) => sample.endedAt < killedAt)).toEqual([]);
    expect(failedLate).toEqual([]);
    expect(whileDown.every((sample) => sample.status === 200 && sample.servedBy === 'b')).toBe(true);
    // Back in rotation once HAProxy has seen it healthy.
    expect(new Set(afterBack.map((sample) => sample.servedBy))).toEqual(new Set(INSTANCE_NAMES));
  });

  it('stops an instance with SIGTERM under load (as a rolling restart does) without losing a request', async () => {
    const load = startLoad(await loadRequests());
    await sleep(1500);
    const signalledAt = performance.now();
    // The instance drains (SHUTDOWN_DRAIN_SECONDS): its health check fails while it keeps serving, so
    // HAProxy takes it out of rotation before it closes. Closing at once lost requests here: Fastify's
    // 503 to requests arriving on kept-alive connections during close, and resets.
    const exited = cluster.terminate('b');
    const markedDown = cluster.waitForState('b', 'DOWN');
    // Asked directly while it drains: its health check fails, everything else is served.
    let health = await direct.request(at('b'), '/api/v1/health');
    while (health.status === 200 && performance.now() - signalledAt < 1000) {
      await sleep(20);
      health = await direct.request(at('b'), '/api/v1/health');
    }
    expect(health.status).toBe(503);
    expect(health.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((await direct.request(at('b'), '/api/v1/courses?limit=1')).status).toBe(200);
    const markedDownAt = signalledAt + (await markedDown);
    const exitedAt = await exited;
    await sleep(1000);
    const samples = await load.stop();

    const failed = samples.filter(isFailure);
    const whileDraining = samples.filter(
      (sample) => sample.startedAt >= signalledAt && sample.startedAt < markedDownAt,
    );
    const afterExit = samples.filter((sample) => sample.startedAt >= exitedAt);
    figures.instanceStopped = {
      loopers: LOOPERS,
      drainSeconds: SHUTDOWN_DRAIN_SECONDS,
      requestsSent: samples.length,
      requestsPerSecond: load.requestsPerSecond(),
      failed: failed.length,
      failures: describeFailures(failed, signalledAt),
      markedDownByHaproxyAfterMs: Math.round(markedDownAt - signalledAt),
      exitedAfterSigtermMs: Math.round(exitedAt - signalledAt),
      servedByWhileDrainingUntilMarkedDown: countBy(whileDraining, (sample) => sample.servedBy ?? 'none'),
      servedByAfterExit: countBy(afterExit, (sample) => sample.servedBy ?? 'none'),
    };
    expect(exitedAt - signalledAt).toBeGreaterThanOrEqual(SHUTDOWN_DRAIN_SECONDS * 1000);
    expect(markedDownAt).toBeLessThan(exitedAt);
    expect(samples.length).toBeGreaterThan(200);
    expect(samples.filter((sample) => sample.status !== 200)).toEqual([]);
    // It kept serving while HAProxy took it out; after that, the other instance took everything.
    expect(whileDraining.some((sample) => sample.servedBy === 'b')).toBe(true);
    expect(afterExit.length).toBeGreaterThan(0);
    expect(afterExit.every((sample) => sample.servedBy === 'a')).toBe(true);
  });
});

const LOOPERS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LoadRequest {
  path: string;
  headers: Record<string, string>;
}

/** A mix of reads: the cached anonymous catalogue, a course page, a signed-in user's own record. */
async function loadRequests(): Promise<LoadRequest[]> {
  const client = clientFrom('127.0.0.40');
  const email = uniqueEmail('load');
  expect((await signup(client, email)).status).toBe(201);
  const session = (await login(client, email)).json<{ accessToken: string }>().accessToken;
  expect(catalogueCourseId).toBeTruthy();
  return [
    { path: '/api/v1/courses?limit=12', headers: {} },
    { path: `/api/v1/courses/${catalogueCourseId}`, headers: {} },
    { path: '/api/v1/auth/me', headers: bearer(session) },
  ];
}

interface Sample {
  startedAt: number;
  endedAt: number;
  status: number;
  servedBy: string | undefined;
  error?: string;
}

/** A failure: no answer (connection reset, timeout) or a 5xx from HAProxy or an instance. */
const isFailure = (sample: Sample) => sample.status === 0 || sample.status >= 500;

/** Each load gets its own /24 of client addresses, so one load's requests never count against the next. */
let loadsStarted = 0;
/**
 * Enough addresses that a load stays under the per-IP ceiling (CEILING_MAX a minute) at any speed this
 * tier can reach: 250 × 400 a minute is 1,667 requests a second for a whole minute, and a load lasts
 * under 10 s (it reached 2,300 a second for 5.5 s on a quiet machine; with 40 addresses shared by both
 * loads, that hit the ceiling).
 */
const LOAD_ADDRESSES = 250;
/**
 * Steady load through HAProxy: LOOPERS clients, each with one request out at a time, from many client
 * addresses so that it stays under the per-IP ceiling this cluster runs with.
 */
function startLoad(requests: LoadRequest[]) {
  loadsStarted += 1;
  const subnet = loadsStarted;
  const clients = Array.from({ length: LOAD_ADDRESSES }, (_, i) =>
    clientFrom(`127.0.${subnet}.${i + 1}`, { keepAlive: true }),
  );
  const samples: Sample[] = [];
  const startedAt = performance.now();
  let stoppedAt = 0;
  let running = true;
  let counter = 0;
  const loopers = Promise.all(
    Array.from({ length: LOOPERS }, async () => {
      while (running) {
        counter += 1;
        const client = clients[counter % clients.length] as Client;
        const request = requests[counter % requests.length] as LoadRequest;
        const sentAt = performance.now();
        try {
          const reply = await client.request(cluster.url, request.path, {
            headers: request.headers,
            timeoutMs: 10_000,
          });
          samples.push({
            startedAt: sentAt,
            endedAt: performance.now(),
            status: reply.status,
            servedBy: reply.servedBy,
          });
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
          samples.push({
            startedAt: sentAt,
            endedAt: performance.now(),
            status: 0,
            servedBy: undefined,
            error: code,
          });
        }
      }
    }),
  );
  return {
    async stop(): Promise<Sample[]> {
      running = false;
      await loopers;
      stoppedAt = performance.now();
      for (const client of clients) client.close();
      return samples;
    },
    requestsPerSecond: () =>
      Math.round(samples.length / (((stoppedAt || performance.now()) - startedAt) / 1000)),
  };
}

function describeFailures(failed: Sample[], since: number): string[] {
  return failed.map(
    (sample) =>
      `${sample.error ?? sample.status} sent ${Math.round(sample.startedAt - since)} ms, ended ${Math.round(sample.endedAt - since)} ms after the signal`,
  );
}

function lastFailureAfter(failed: Sample[], since: number): number {
  return failed.length ? Math.round(Math.max(...failed.map((sample) => sample.endedAt)) - since) : 0;
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
