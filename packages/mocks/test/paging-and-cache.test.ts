/**
 * The default answers page as the server pages (`limit`, `cursor`), and REST answers carry the cache
 * headers the server sends for the same operation (its declared policy; an ETag and 304 where it has one).
 */

import { operations } from '@lectio/contracts/api';
import { cacheControlHeader } from '@lectio/contracts/operation';
import { describe, expect, it } from 'vitest';
import { buildCoursePage, defaultAnswers } from '../src/index';
import { API, useMockServer } from './mock-server';

const TRPC = API.replace('/api/v1', '/trpc');

interface Page {
  data: { courses: { _id: string }[]; nextCursor: string | null };
}

describe('default courses.list', () => {
  const { api } = useMockServer();

  it('answers `limit` courses and a cursor that yields the next page, then no cursor', async () => {
    api.answerDefaults();
    const first = (await (await fetch(`${API}/courses?limit=2`)).json()) as Page;
    expect(first.data.courses).toHaveLength(2);
    expect(first.data.nextCursor).toEqual(expect.any(String));
    const cursor = encodeURIComponent(first.data.nextCursor as string);
    const second = (await (await fetch(`${API}/courses?limit=2&cursor=${cursor}`)).json()) as Page;
    expect(second.data.courses).toHaveLength(1);
    expect(second.data.nextCursor).toBeNull();
    const ids = [...first.data.courses, ...second.data.courses].map((course) => course._id);
    expect(new Set(ids).size).toBe(3);
  });
});

describe('cache headers', () => {
  const { api } = useMockServer();
  const policy = operations.courses.list.cache;

  it('an anonymous courses.list gets the public Cache-Control, Vary and an ETag; If-None-Match gets 304', async () => {
    api.answer('courses.list', buildCoursePage());
    const answer = await fetch(`${API}/courses`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe(cacheControlHeader(policy, true));
    expect(answer.headers.get('vary')).toBe('Authorization');
    const etag = answer.headers.get('etag');
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    const again = await fetch(`${API}/courses`, { headers: { 'if-none-match': etag as string } });
    expect(again.status).toBe(304);
  });

  it('a signed-in courses.list is private and carries no ETag', async () => {
    api.answer('courses.list', buildCoursePage());
    const answer = await fetch(`${API}/courses`, { headers: { authorization: 'Bearer token' } });
    expect(answer.headers.get('cache-control')).toBe(cacheControlHeader(policy, false));
    expect(answer.headers.get('etag')).toBeNull();
  });

  it('an operation without a cache policy sends no Cache-Control', async () => {
    api.answerDefaults();
    const answer = await fetch(`${API}/admin/engagement`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBeNull();
  });
});

describe('cache headers over tRPC', () => {
  const { api } = useMockServer();
  const policy = operations.courses.list.cache;

  it('a single GET query of a cached operation gets them, with the ETag over the body; a batch of two does not', async () => {
    api.answer('courses.list', buildCoursePage());
    api.answer('courses.facets', defaultAnswers()['courses.facets'] as never);
    const single = await fetch(`${TRPC}/courses.list?batch=1&input=${encodeURIComponent('{"0":{}}')}`);
    expect(single.status).toBe(200);
    expect(single.headers.get('cache-control')).toBe(cacheControlHeader(policy, true));
    const etag = single.headers.get('etag') as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    const again = await fetch(`${TRPC}/courses.list?batch=1&input=${encodeURIComponent('{"0":{}}')}`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const batch = await fetch(
      `${TRPC}/courses.list,courses.facets?batch=1&input=${encodeURIComponent('{"0":{},"1":{}}')}`,
    );
    expect(batch.status).toBe(200);
    expect(batch.headers.get('cache-control')).toBeNull();
  });
});
