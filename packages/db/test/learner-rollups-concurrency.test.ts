/**
 * Two transactions changing one course's learners at once (migration 0022): the later one must read what
 * the earlier committed, not overwrite it with a count from its own stale snapshot. On PostgreSQL only
 * (PGlite has one connection, so nothing runs at once there).
 */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAnalyticsRollups, rebuildAnalyticsRollups } from '../src/analytics-rollups';
import { createDb, type DbHandle, queryRows } from '../src/client';
import { createCourse, createEnrollment, createLecture, createUser } from '../src/seed/factories';
import { createTestDatabase, type TestDatabase } from '../src/testing';

describe.runIf(process.env.TEST_DATABASE_URL)('learner rollups under concurrent writers', () => {
  let handle: TestDatabase;
  let second: DbHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    second = await createDb({ url: handle.url, maxConnections: 2 });
  });
  afterAll(async () => {
    await second?.close();
    await handle?.close();
  });

  it('one student completing two lectures in two transactions at once counts both', async () => {
    const course = await createCourse(handle.db);
    const a = await createLecture(handle.db, { courseId: course.id, title: 'A', position: 1 });
    const b = await createLecture(handle.db, { courseId: course.id, title: 'B', position: 2 });
    await createLecture(handle.db, { courseId: course.id, title: 'C', position: 3 });
    const student = await createUser(handle.db);
    await createEnrollment(handle.db, { userId: student.id, courseId: course.id });
    const complete = (lectureId: string) =>
      sql`insert into lecture_progress (user_id, lecture_id, course_id, watched_seconds, completed)
          values (${student.id}, ${lectureId}, ${course.id}, 60, true)`;

    let firstDone: () => void = () => undefined;
    const firstWrote = new Promise<void>((resolve) => {
      firstDone = resolve;
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first transaction completes A and stays open; the second completes B meanwhile.
    const first = handle.db.transaction(async (tx) => {
      await tx.execute(complete(a.id));
      firstDone();
      await held;
    });
    await firstWrote;
    const secondTx = second.db.transaction(async (tx) => {
      await tx.execute(complete(b.id));
    });
    // Let the second reach its trigger, then commit the first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await Promise.all([first, secondTx]);

    const [row] = await queryRows<{ completed: number; stop: string }>(
      handle.db,
      sql`select ep.completed_lectures as completed, l.title as stop
          from enrollment_progress ep join lectures l on l.id = ep.stop_lecture_id
          where ep.user_id = ${student.id} and ep.course_id = ${course.id}`,
    );
    expect(row).toEqual({ completed: 2, stop: 'C' });
    const live = await readAnalyticsRollups(handle.db);
    await rebuildAnalyticsRollups(handle.db);
    expect(live).toEqual(await readAnalyticsRollups(handle.db));
  });
});
