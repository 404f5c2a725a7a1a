/**
 * Pagination cursors (issue 23 item 5, decision 0052). Every paginated operation (each operation whose
 * declared input has a `cursor`, found from the contracts so a new one is covered without an edit here)
 * refuses a hostile cursor with a 400 naming the cursor, over REST and tRPC, before any query runs: no
 * date outside the years 0001-9999 and no number that is not finite reaches the database. A page's
 * `nextCursor` reads the next page.
 */
import { randomUUID } from 'node:crypto';
import { listOperations } from '@lectio/contracts/api';
import { API_MESSAGES } from '@lectio/contracts/messages';
import { fillPath } from '@lectio/contracts/operation';
import { createCourse } from '@lectio/db/seed/factories';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, type SignedInUser, signIn, trpcQuery } from './helpers/catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin: SignedInUser;
let courseId: string;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'warn', CATALOGUE_CACHE_SECONDS: '0' }, undefined, {
    logStream: { write: (line) => void logLines.push(line) },
  });
  admin = await signIn(t, 'admin');
  courseId = (await createCourse(t.db, { instructorId: admin.user.id, title: 'Python basics' })).id;
});
afterAll(async () => {
  await t?.close();
});

const cursorOf = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const id = randomUUID();

/** Cursors this server never hands out: out-of-range or impossible dates, numbers that are not finite. */
const HOSTILE_CURSORS: Record<string, string> = {
  // The review's 500 on mail.list: the largest date a JS Date holds, far past PostgreSQL's.
  'year +275760': cursorOf(`+275760-09-13T00:00:00Z|${id}`),
  'year +275760 with microseconds': cursorOf(`+275760-09-13T00:00:00.000000Z|${id}`),
  'year 10000': cursorOf(`10000-01-01T00:00:00.000000Z|${id}`),
  'year 0000': cursorOf(`0000-01-01T00:00:00.000000Z|${id}`),
  'year -1': cursorOf(`-000001-01-01T00:00:00.000000Z|${id}`),
  'February 30': cursorOf(`2026-02-30T00:00:00.000000Z|${id}`),
  'hour 24': cursorOf(`2026-01-01T24:00:00.000000Z|${id}`),
  'an offset instead of Z': cursorOf(`2026-01-01T00:00:00.000000+05:30|${id}`),
  'not a uuid': cursorOf('2026-01-01T00:00:00.000000Z|12345'),
  'a date only': cursorOf(`2026-01-01|${id}`),
  // The relevance, price and students orders' key, and the rating order's.
  'relevance 1e+999': cursorOf(`s|1e+999|${id}`),
  'relevance -1e+999': cursorOf(`s|-1e+999|${id}`),
  'relevance NaN': cursorOf(`s|NaN|${id}`),
  'relevance Infinity': cursorOf(`s|Infinity|${id}`),
  'students past int32': cursorOf(`n|2147483648|${id}`),
  'price 1e3': cursorOf(`p|1e3|${id}`),
  'rating 1e+999': cursorOf(`r|1e+999|1|${id}`),
  // Reads as 0 in JS, but PostgreSQL refuses it as out of range (found by the fuzz tier).
  'rating 1e-999': cursorOf(`r|1e-999|0|${id}`),
  'relevance 1e-999': cursorOf(`s|1e-999|${id}`),
  'rating count 1e+999': cursorOf(`r|4.5|1e+999|${id}`),
  'not base64url': 'a+b/c==',
};

/** The paginated operations: their declared input has a `cursor` field. */
const paginated = listOperations().filter(
  ({ operation }) => operation.input instanceof z.ZodObject && 'cursor' in operation.input.shape,
);

/** The orders a list's cursor may belong to: each course order (and each question order) has its own. */
function ordersOf(path: string): Record<string, string>[] {
  if (path === 'questions.list')
    return [{ sort: 'newest' }, { sort: 'votes' }, { sort: 'unanswered' }, { q: 'python' }];
  if (path !== 'courses.list' && path !== 'courses.instructorList') return [{}];
  return ['newest', 'rating', 'price_low', 'price_high', 'students']
    .map((sort): Record<string, string> => ({ sort }))
    .concat([{ search: 'python', sort: 'relevance' }]);
}

function expectCursorRefused(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
  const body = response.json() as {
    message?: string;
    issues?: { path: string }[];
    error?: { message: string; data: { issues?: { path: string }[] } };
  };
  const message = body.error?.message ?? body.message;
  const issues = body.error?.data.issues ?? body.issues ?? [];
  expect(message, what).toBe(API_MESSAGES.invalidCursor);
  expect(
    issues.map((issue) => issue.path),
    what,
  ).toEqual(['cursor']);
}

describe('hostile cursors', () => {
  it('covers every paginated operation', () => {
    expect(paginated.map(({ path }) => path).sort()).toEqual([
      'coupons.list',
      'courses.instructorList',
      'courses.list',
      'mail.list',
      'notifications.list',
      'payouts.list',
      'questions.list',
      'questions.reported',
      'quizzes.gradebook',
      'refunds.list',
      'reviews.list',
      'reviews.reported',
      'teaching.list',
    ]);
  });

  for (const { path, operation } of paginated) {
    it(`${path} answers 400 "invalid cursor" over REST and tRPC, and never asks the database`, async () => {
      logLines.length = 0;
      const params = { courseId };
      for (const order of ordersOf(path))
        for (const [name, cursor] of Object.entries(HOSTILE_CURSORS)) {
          const what = `${path} ${JSON.stringify(order)} cursor ${name}`;
          const query = new URLSearchParams({ ...order, cursor });
          const url = `${fillPath(operation.rest.path, params)}?${query}`;
          expectCursorRefused(await api.get(t, url, admin), `REST ${what}`);
          const input = { ...order, cursor, ...(operation.rest.path.includes('{courseId}') ? params : {}) };
          expectCursorRefused(await trpcQuery(t, path, input, admin), `tRPC ${what}`);
        }
      expect(logLines.filter((line) => line.includes('the database refused'))).toEqual([]);
    });
  }
});

describe('cursors handed out', () => {
  it('coupons.list reads the next page with its nextCursor', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await api.post(
        t,
        '/coupons',
        {
          code: `PAGE${i}${Date.now().toString(36)}`.toUpperCase(),
          kind: 'percent',
          percentOff: 10,
          scope: 'platform',
        },
        admin,
      );
      expect(response.statusCode, response.body).toBe(201);
      made.push(response.json().coupon._id);
      // Distinct creation times, so the order is known.
      t.advanceClock(1_000);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 5; guard += 1) {
      const response: LightMyRequestResponse = await api.get(
        t,
        `/coupons?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        admin,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as { coupons: { _id: string }[]; nextCursor: string | null };
      seen.push(...page.coupons.map((coupon) => coupon._id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual([...made].reverse());
  });
});
