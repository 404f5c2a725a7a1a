/**
 * The anonymous catalogue cache as both APIs see it: REST `GET /courses` and tRPC `courses.list` parse
 * their input with the same schema and share one cache entry per page, and a cached page goes out as the
 * bytes prepared when it was cached (lib/prepared-json.ts), with the same headers as any JSON response,
 * compressed for a client that accepts brotli or gzip.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createCourse, createUser } from '@lectio/db/seed/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn, trpcData, trpcQuery } from './helpers/catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let instructorId: string;

interface Page {
  courses: { _id: string; title: string }[];
  nextCursor: string | null;
}

const restIds = async (query: string) =>
  ((await api.get(t, `/courses${query}`)).json().data as Page).courses.map((course) => course._id);
const trpcIds = async (input: unknown, actor?: Parameters<typeof trpcQuery>[3]) =>
  trpcData<{ data: Page }>(await trpcQuery(t, 'courses.list', input, actor)).data.courses.map(
    (course) => course._id,
  );

beforeAll(async () => {
  // A stopped clock: the 2 s TTL must not run out between filling an entry and reading it on a busy machine.
  t = await createTestApp({}, undefined, { clock: new Date() });
  instructorId = (await createUser(t.db, { role: 'instructor', name: 'Zoë “Quotes”' })).id;
  for (let i = 0; i < 4; i += 1) {
    await createCourse(t.db, { instructorId, title: `Shared ${i} – naïve "JSON" ☃`, category: 'Design' });
  }
});

afterAll(async () => {
  await t?.close();
});

describe('the anonymous catalogue cache shared by REST and tRPC', () => {
  it('sends a cached page as exactly the JSON of its object, with the usual headers', async () => {
    const first = await api.get(t, '/courses?limit=3');
    const second = await api.get(t, '/courses?limit=3');
    for (const response of [first, second]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.body).toBe(JSON.stringify(response.json()));
      expect(response.json().data.courses).toHaveLength(3);
    }
    expect(second.body).toBe(first.body);
  });

  it('compresses a cached page for a client that accepts it', async () => {
    // (tRPC only in production, where the page is not re-validated into a new object: trpc-fidelity.ts.)
    const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;
    for (const url of ['/api/v1/courses?limit=5', '/api/v1/courses?limit=5&category=Design']) {
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      for (const encoding of ['br', 'gzip'] as const) {
        const compressed = await t.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip;q=1, br;q=0' },
        });
        expect(compressed.statusCode).toBe(200);
        expect(compressed.headers['content-encoding']).toBe(encoding);
        expect(compressed.headers['content-type']).toBe(plain.headers['content-type']);
        expect(compressed.headers.vary).toBe(plain.headers.vary);
        expect(Number(compressed.headers['content-length'])).toBeLessThan(plain.rawPayload.length / 2);
        expect(decode[encoding](compressed.rawPayload).toString('utf8')).toBe(plain.body);
      }
    }
  });

  it('serves REST and tRPC anonymous visitors from one entry per page', async () => {
    // REST fills the entry; a course written behind the service's back is then invisible to both.
    const before = await restIds('?limit=2&category=Design');
    const behind = await createCourse(t.db, { instructorId, title: 'Behind the cache', category: 'Design' });
    expect(await trpcIds({ limit: 2, category: 'Design' })).toEqual(before);
    expect(await restIds('?limit=2&category=Design')).toEqual(before);
    // A signed-in viewer is never served from the cache.
    const student = await signIn(t, 'student');
    expect((await trpcIds({ limit: 2, category: 'Design' }, student))[0]).toBe(behind.id);

    // The other way round: tRPC fills a new entry (another limit), REST reads it.
    const viaTrpc = await trpcIds({ limit: 4 });
    expect(viaTrpc[0]).toBe(behind.id);
    await createCourse(t.db, { instructorId, title: 'Behind again' });
    expect(await restIds('?limit=4')).toEqual(viaTrpc);
  });

  it('is cleared for both by a write through the API', async () => {
    const cachedRest = await restIds('?limit=20');
    const cachedTrpc = await trpcIds({ limit: 20, category: 'General' });
    const instructor = await signIn(t, 'instructor');
    const created = await api.post(
      t,
      '/courses',
      {
        title: 'Fresh for both',
        shortDescription: 'New',
        category: 'General',
        level: 'Beginner',
        isPublished: true,
      },
      instructor,
    );
    expect(created.statusCode).toBe(201);
    const freshId = created.json().data.course._id as string;
    // (The stopped clock dates the new course before the factory-made ones: look for it, not at the top.)
    expect([...cachedRest, ...cachedTrpc]).not.toContain(freshId);
    expect(await trpcIds({ limit: 20 })).toContain(freshId);
    expect(await restIds('?limit=20')).toContain(freshId);
    expect(await restIds('?limit=20&category=General')).toContain(freshId);
  });
});
