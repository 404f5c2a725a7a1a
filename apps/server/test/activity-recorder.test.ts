/**
 * The activity recorder: nothing is written on the request path, N requests become one INSERT at the
 * next flush, 'request' events are coalesced per session, sessions' last_seen_at moves forward, flushes
 * happen on a full buffer, on the timer and on close, and failures are logged, never thrown.
 */
import { activityEvents, authSessions, users } from '@lectio/db';
import { createUser } from '@lectio/db/seed/factories';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityRecorder, type ActivityRecorderOptions } from '../src/services/activity/activity-recorder';
import { bearer, createTestApp, login, type TestApp } from './helpers/test-app';

const NOW = new Date('2026-03-10T12:00:00.000Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ACTIVITY_FLUSH_INTERVAL_MS: '60000' }, undefined, { clock: NOW });
});
afterAll(async () => {
  await t.close();
});

const requestEvents = () =>
  t.db
    .select()
    .from(activityEvents)
    .where(eq(activityEvents.type, 'request'))
    .orderBy(asc(activityEvents.id));
const me = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: token ? bearer(token) : {} });

function recorder(overrides: Partial<ActivityRecorderOptions> = {}) {
  const errors: unknown[] = [];
  const instance = new ActivityRecorder({
    db: t.db,
    now: () => NOW,
    flushIntervalMs: 60_000,
    maxBatch: 500,
    requestCoalesceSeconds: 30,
    onError: (error) => errors.push(error),
    ...overrides,
  });
  return { instance, errors };
}

describe('authenticated requests', () => {
  it('buffers them off the request path and writes them with one INSERT per flush', async () => {
    const people = await Promise.all([1, 2, 3].map(() => createUser(t.db)));
    const sessions = await Promise.all(people.map((user) => login(t.app, user.email, user.password)));
    await t.app.activity.flush();
    const before = { ...t.app.activity.stats };

    for (let i = 0; i < 10; i++)
      for (const session of sessions) expect((await me(session.accessToken)).statusCode).toBe(200);
    // Anonymous calls and calls with a broken token record nothing.
    await me();
    await me('not-a-token');
    expect(await requestEvents()).toHaveLength(0);

    await t.app.activity.flush();
    const stats = t.app.activity.stats;
    expect(stats.eventInserts - before.eventInserts).toBe(1);
    // 30 requests from 3 sessions within 30 s: one event per session.
    expect(stats.eventsWritten - before.eventsWritten).toBe(3);
    expect(stats.sessionUpdates - before.sessionUpdates).toBe(1);
    const events = await requestEvents();
    expect(events.map((event) => event.userId).sort()).toEqual(people.map((user) => user.id).sort());
    expect(events.every((event) => event.createdAt.getTime() === NOW.getTime() && event.sessionId)).toBe(
      true,
    );
  });

  it('coalesces a session’s request events over 30 s, but moves last_seen_at on every flush', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email, user.password);
    const [row] = await t.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    const lastSeen = async () =>
      (
        await t.db.select().from(authSessions).where(eq(authSessions.id, row!.id))
      )[0]!.lastSeenAt.toISOString();
    const eventsOfUser = async () =>
      (await requestEvents()).filter((event) => event.userId === user.id).length;

    await me(session.accessToken); // 12:00:00 -> event
    t.advanceClock(29_000);
    await me(session.accessToken); // 12:00:29 -> coalesced
    await t.app.activity.flush();
    expect(await eventsOfUser()).toBe(1);
    expect(await lastSeen()).toBe('2026-03-10T12:00:29.000Z');

    t.advanceClock(1_000);
    await me(session.accessToken); // 12:00:30 -> 30 s after the last event: a new one
    await t.app.activity.flush();
    expect(await eventsOfUser()).toBe(2);
    expect(await lastSeen()).toBe('2026-03-10T12:00:30.000Z');
    t.advanceClock(-30_000);
  });

  it('records nothing for a suspended account’s refused request', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email, user.password);
    await t.app.activity.flush();
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await me(session.accessToken)).statusCode).toBe(403);
    await t.app.activity.flush();
    expect((await requestEvents()).filter((event) => event.userId === user.id)).toHaveLength(0);
  });
});

describe('course views and batching', () => {
  it('a full buffer flushes by itself, in one INSERT', async () => {
    const { instance, errors } = recorder({ maxBatch: 5 });
    const courseId = '00000000-0000-4000-8000-00000000000a';
    for (let i = 0; i < 5; i++)
      instance.record({ type: 'course_view', courseId, category: 'Batch', userId: null });
    await instance.flush(); // waits for the flush the fifth event started
    expect(instance.stats).toMatchObject({ flushes: 1, eventInserts: 1, eventsWritten: 5, failures: 0 });
    const rows = await t.db.select().from(activityEvents).where(eq(activityEvents.category, 'Batch'));
    expect(rows).toHaveLength(5);
    expect(errors).toEqual([]);
    await instance.close();
  });

  it('the timer flushes, and close() writes what is left', async () => {
    const { instance } = recorder({ flushIntervalMs: 20 });
    instance.start();
    instance.record({
      type: 'course_view',
      courseId: '00000000-0000-4000-8000-00000000000b',
      category: 'Timer',
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await t.db.select().from(activityEvents).where(eq(activityEvents.category, 'Timer'))).toHaveLength(
      1,
    );

    const closing = recorder().instance;
    closing.record({
      type: 'course_view',
      courseId: '00000000-0000-4000-8000-00000000000c',
      category: 'Close',
    });
    await closing.close();
    expect(await t.db.select().from(activityEvents).where(eq(activityEvents.category, 'Close'))).toHaveLength(
      1,
    );
    closing.record({
      type: 'course_view',
      courseId: '00000000-0000-4000-8000-00000000000c',
      category: 'Close',
    });
    await closing.flush();
    expect(await t.db.select().from(activityEvents).where(eq(activityEvents.category, 'Close'))).toHaveLength(
      1,
    );
    await instance.close();
  });

  it('a failed flush is logged and dropped, never thrown; the next flush works', async () => {
    const { instance, errors } = recorder();
    instance.record({ type: 'course_view', courseId: 'not-a-uuid', category: 'Broken' });
    await expect(instance.flush()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(instance.stats).toMatchObject({ failures: 1, eventsWritten: 0 });
    instance.record({
      type: 'course_view',
      courseId: '00000000-0000-4000-8000-00000000000d',
      category: 'Fine',
    });
    await instance.flush();
    expect(instance.stats).toMatchObject({ failures: 1, eventsWritten: 1 });
    await instance.close();
  });

  it('caps the buffer while flushes can’t keep up, counting what it drops', async () => {
    const { instance } = recorder({ maxBatch: 1000, maxBuffered: 3 });
    for (let i = 0; i < 5; i++)
      instance.record({
        type: 'course_view',
        courseId: '00000000-0000-4000-8000-00000000000e',
        category: 'Cap',
      });
    expect(instance.stats.dropped).toBe(2);
    await instance.close();
    expect(await t.db.select().from(activityEvents).where(eq(activityEvents.category, 'Cap'))).toHaveLength(
      3,
    );
  });
});
