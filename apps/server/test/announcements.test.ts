/**
 * Instructor announcements (issue 28 item 2, decision 0089): the course's instructor or an admin posts;
 * its students, its instructor and admins read the list, nobody else; each student gets a notification
 * and an e-mail exactly once, by batches of jobs that survive a failed batch, a restart in the middle and
 * two workers running the same batch at once.
 */
import { randomBytes } from 'node:crypto';
import { ANNOUNCEMENT_MESSAGES } from '@lectio/contracts/announcements';
import {
  announcementDeliveries,
  courseAnnouncements,
  courseMailOptOuts,
  type Database,
  enrollments,
  mailMessages,
  notifications,
  users,
} from '@lectio/db';
import { createCourse, createEnrollment } from '@lectio/db/seed/factories';
import { createTestDatabase, type TestDatabase } from '@lectio/db/testing';
import { and, count, countDistinct, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ANNOUNCEMENT_BATCH_SIZE,
  ANNOUNCEMENT_QUEUE,
  deliverAnnouncementBatch,
  resumeStalledDeliveries,
} from '../src/services/announcements/announcements';
import {
  api,
  issueFor,
  type SignedInUser,
  signIn,
  trpcData,
  trpcMutation,
  trpcQuery,
} from './helpers/catalogue';
import { mailTo } from './helpers/outbox';
import { createTestApp, type TestApp } from './helpers/test-app';

/** `n` students enrolled in the course, inserted in two statements (not through the API): their ids. */
async function enrollStudents(db: Database, courseId: string, n: number): Promise<string[]> {
  const tag = randomBytes(4).toString('hex');
  const created = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        name: `Student ${i + 1}`,
        email: `bulk-${tag}-${i + 1}@example.com`,
        passwordHash: 'not-a-password-hash',
        role: 'student' as const,
      })),
    )
    .returning({ id: users.id });
  await db
    .insert(enrollments)
    .values(created.map((user) => ({ userId: user.id, courseId, source: 'free' as const })));
  return created.map((user) => user.id);
}

/** The exactly-once checks: per student one delivery and one notification, one e-mail unless opted out. */
async function expectEachReachedOnce(
  db: Database,
  announcementId: string,
  students: readonly string[],
  optedOut: ReadonlySet<string> = new Set(),
) {
  const [deliveries] = await db
    .select({ rows: count(), users: countDistinct(announcementDeliveries.userId) })
    .from(announcementDeliveries)
    .where(eq(announcementDeliveries.announcementId, announcementId));
  expect(deliveries).toEqual({ rows: students.length, users: students.length });
  const notified = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(eq(notifications.kind, 'announcement_posted'))
    .groupBy(notifications.userId);
  const notifiedBy = new Map(notified.map((row) => [row.userId, row.n]));
  expect(students.filter((id) => notifiedBy.get(id) !== 1)).toEqual([]);
  expect(notifiedBy.size).toBe(students.length);
  const mailed = await db
    .select({ userId: mailMessages.userId, n: count() })
    .from(mailMessages)
    .where(eq(mailMessages.template, 'announcement'))
    .groupBy(mailMessages.userId);
  const mailedBy = new Map(mailed.map((row) => [row.userId, row.n]));
  expect(students.filter((id) => !optedOut.has(id) && mailedBy.get(id) !== 1)).toEqual([]);
  expect([...optedOut].filter((id) => mailedBy.has(id))).toEqual([]);
  expect(mailedBy.size).toBe(students.length - optedOut.size);
  const [announcement] = await db
    .select()
    .from(courseAnnouncements)
    .where(eq(courseAnnouncements.id, announcementId));
  expect(announcement?.recipientCount).toBe(students.length);
  expect(announcement?.completedAt).not.toBeNull();
}

describe('who posts and who reads', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let otherInstructor: SignedInUser;
  let admin: SignedInUser;
  let student: SignedInUser;
  let classmate: SignedInUser;
  let stranger: SignedInUser;
  /** An instructor taking the course as a learner. */
  let teacherLearner: SignedInUser;
  let courseId: string;
  let draftId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t, 'instructor', { name: 'Ada Owner' });
    otherInstructor = await signIn(t, 'instructor');
    admin = await signIn(t, 'admin');
    student = await signIn(t, 'student');
    classmate = await signIn(t, 'student');
    stranger = await signIn(t, 'student');
    courseId = (await createCourse(t.db, { instructorId: owner.user.id, title: 'Rust' })).id;
    draftId = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: false })).id;
    teacherLearner = await signIn(t, 'instructor');
    for (const learner of [student, classmate, teacherLearner])
      await createEnrollment(t.db, { userId: learner.user.id, courseId });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (as: SignedInUser, body: object, course = courseId) =>
    api.post(t, `/courses/${course}/announcements`, body, as);

  it('the instructor posts; each student gets one notification to the course page and one e-mail', async () => {
    const response = await post(owner, { title: '  Lesson 4 re-recorded ', body: 'Watch it **again**.' });
    expect(response.statusCode, response.body).toBe(201);
    const { message, data } = response.json();
    expect(message).toBe(ANNOUNCEMENT_MESSAGES.posted);
    expect(data.announcement).toMatchObject({
      courseId,
      title: 'Lesson 4 re-recorded',
      body: 'Watch it **again**.',
      authorName: 'Ada Owner',
      delivery: { recipients: 0, completed: false },
    });
    await t.app.jobs.drain();
    for (const learner of [student, classmate]) {
      const rows = await t.db
        .select({ title: notifications.title, body: notifications.body, link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.userId, learner.user.id), eq(notifications.kind, 'announcement_posted')));
      expect(rows).toEqual([
        { title: 'Announcement in Rust', body: 'Lesson 4 re-recorded', link: `course/${courseId}` },
      ]);
      const mail = await t.db
        .select({ subject: mailMessages.subject, template: mailMessages.template })
        .from(mailMessages)
        .where(eq(mailMessages.userId, learner.user.id));
      expect(mail).toEqual([{ subject: 'Rust: Lesson 4 re-recorded', template: 'announcement' }]);
    }
    // The e-mail opens the course in each recipient's own section of the app.
    const courseLink = (section: string) => `${t.config.publicUrl}${section}/course/${courseId}`;
    for (const [learner, section] of [
      [student, '/dashboard'],
      [teacherLearner, '/dashboard/instructor'],
    ] as const) {
      const [letter] = await mailTo(t, learner.user.email);
      expect(letter?.text).toContain(`Open the course: ${courseLink(section)}\n`);
    }
    const toOwner = await t.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(toOwner).toEqual([]);
  });

  it('students read the list newest first without delivery figures; the instructor and admins see them', async () => {
    expect((await post(admin, { title: 'From the admin', body: 'Hello' })).statusCode).toBe(201);
    await t.app.jobs.drain();
    const asStudent = await api.get(t, `/courses/${courseId}/announcements`, student);
    expect(asStudent.statusCode, asStudent.body).toBe(200);
    const listed = asStudent.json().data;
    expect(listed.announcements.map((a: { title: string }) => a.title)).toEqual([
      'From the admin',
      'Lesson 4 re-recorded',
    ]);
    expect(listed.announcements.map((a: { delivery: unknown }) => a.delivery)).toEqual([null, null]);
    expect(listed.nextCursor).toBeNull();
    const asOwner = trpcData<{ data: { announcements: { delivery: unknown }[] } }>(
      await trpcQuery(t, 'announcements.list', { courseId }, owner),
    );
    expect(asOwner.data.announcements.map((a) => a.delivery)).toEqual([
      { recipients: 3, completed: true },
      { recipients: 3, completed: true },
    ]);
    const page = await api.get(t, `/courses/${courseId}/announcements?limit=1`, admin);
    expect(page.json().data.announcements).toHaveLength(1);
    const next = await api.get(
      t,
      `/courses/${courseId}/announcements?limit=1&cursor=${encodeURIComponent(page.json().data.nextCursor)}`,
      admin,
    );
    expect(next.json().data.announcements[0].title).toBe('Lesson 4 re-recorded');
  });

  it('a user neither enrolled nor managing the course can neither read nor post', async () => {
    const before = await t.db.select({ n: count() }).from(courseAnnouncements);
    for (const outsider of [stranger, otherInstructor]) {
      const read = await api.get(t, `/courses/${courseId}/announcements`, outsider);
      expect(read.statusCode).toBe(403);
      expect(read.json().message).toBe(ANNOUNCEMENT_MESSAGES.noAccess);
      expect((await trpcQuery(t, 'announcements.list', { courseId }, outsider)).statusCode).toBe(403);
      expect((await post(outsider, { title: 'Hi', body: 'Spam' })).statusCode).toBe(403);
      expect(
        (await trpcMutation(t, 'announcements.post', { courseId, title: 'Hi', body: 'Spam' }, outsider))
          .statusCode,
      ).toBe(403);
    }
    // An enrolled student reads, but does not post.
    expect((await post(student, { title: 'Hi', body: 'Spam' })).statusCode).toBe(403);
    // A draft is not even seen by a stranger: 404.
    expect((await api.get(t, `/courses/${draftId}/announcements`, stranger)).statusCode).toBe(404);
    expect((await api.get(t, `/courses/${courseId}/announcements`)).statusCode).toBe(401);
    const after = await t.db.select({ n: count() }).from(courseAnnouncements);
    expect(after).toEqual(before);
  });

  it('refuses bad input with the field’s message and posts nothing', async () => {
    const before = await t.db.select({ n: count() }).from(courseAnnouncements);
    const noTitle = await post(owner, { title: '   ', body: 'x' });
    expect(noTitle.statusCode).toBe(400);
    expect(issueFor(noTitle, 'title')).toBe(ANNOUNCEMENT_MESSAGES.titleRequired);
    const longBody = await post(owner, { title: 'x', body: 'x'.repeat(10_001) });
    expect(issueFor(longBody, 'body')).toBe(ANNOUNCEMENT_MESSAGES.bodyTooLong);
    expect(await t.db.select({ n: count() }).from(courseAnnouncements)).toEqual(before);
  });

  it('its author (or an admin) deletes it; another instructor cannot', async () => {
    const created = (await post(owner, { title: 'Oops', body: 'Wrong course' })).json().data.announcement;
    const refused = await api.delete(t, `/announcements/${created._id}`, otherInstructor);
    expect(refused.statusCode).toBe(403);
    const deleted = await api.delete(t, `/announcements/${created._id}`, owner);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe(ANNOUNCEMENT_MESSAGES.deleted);
    expect((await api.delete(t, `/announcements/${created._id}`, owner)).statusCode).toBe(404);
    // Its delivery job finds nothing and stops.
    await t.app.jobs.drain();
    const oops = await t.db.select().from(notifications).where(eq(notifications.title, 'Oops'));
    expect(oops).toEqual([]);
  });
});

describe('2,000 students: exactly once, through a failed batch and a restart', () => {
  let database: TestDatabase;
  let first: TestApp | undefined;
  let second: TestApp | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });

  it('reaches each student exactly once: one delivery, one notification, one e-mail (none if opted out)', async () => {
    first = await createTestApp({ MAIL_RETRY_DELAY_SECONDS: '0' }, undefined, { database: database.db });
    const db = first.db;
    const owner = await signIn(first, 'instructor');
    const courseId = (await createCourse(db, { instructorId: owner.user.id, title: 'Big course' })).id;
    const students = await enrollStudents(db, courseId, 2000);
    const optedOut = new Set(students.slice(100, 110));
    await db.insert(courseMailOptOuts).values([...optedOut].map((userId) => ({ userId, courseId })));
    const sorted = [...students].sort();

    // A fault that fails the second batch once, in the middle (the 700th student's notification): a
    // sequence's value survives the rollback, so the retry passes.
    const victim = sorted[699] as string;
    await db.execute(
      sql.raw(`
      create sequence announcement_fault;
      create function announcement_fault() returns trigger language plpgsql as $$
      begin
        if new.user_id = '${victim}' and nextval('announcement_fault') = 1 then
          raise exception 'injected fault in the middle of a batch';
        end if;
        return new;
      end $$;
      create trigger announcement_fault before insert on notifications
        for each row execute function announcement_fault();`),
    );

    const posted = await api.post(
      first,
      `/courses/${courseId}/announcements`,
      { title: 'Lesson 2 re-recorded', body: 'New audio.' },
      owner,
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const announcementId: string = posted.json().data.announcement._id;

    // The first batch runs, as a worker would, and then the app stops with the rest still queued.
    const batch = await deliverAnnouncementBatch(
      { db, config: first.config, jobs: first.app.jobs, now: () => new Date() },
      announcementId,
    );
    expect(batch).toEqual({ delivered: ANNOUNCEMENT_BATCH_SIZE, done: false });
    // The second fails half-way and rolls back whole: nothing of it stays.
    await expect(
      deliverAnnouncementBatch(
        { db, config: first.config, jobs: first.app.jobs, now: () => new Date() },
        announcementId,
      ),
    ).rejects.toThrow();
    const [midway] = await db
      .select()
      .from(courseAnnouncements)
      .where(eq(courseAnnouncements.id, announcementId));
    expect(midway).toMatchObject({ recipientCount: ANNOUNCEMENT_BATCH_SIZE, completedAt: null });
    expect(midway?.cursorUserId).toBe(sorted[ANNOUNCEMENT_BATCH_SIZE - 1]);
    const [notifiedSoFar] = await db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.kind, 'announcement_posted'));
    expect(notifiedSoFar?.n).toBe(ANNOUNCEMENT_BATCH_SIZE);
    await first.close();
    first = undefined;

    // A new app on the same database: its worker picks the queued jobs up and finishes the delivery.
    second = await createTestApp({ MAIL_RETRY_DELAY_SECONDS: '0' }, undefined, { database: database.db });
    // Only the announcement's jobs: the e-mails stay queued (mail_messages rows), which is what is counted.
    await second.app.jobs.drain([ANNOUNCEMENT_QUEUE]);
    await expectEachReachedOnce(db, announcementId, students, optedOut);
    // Draining again finds nothing more to do.
    await second.app.jobs.drain([ANNOUNCEMENT_QUEUE]);
    await expectEachReachedOnce(db, announcementId, students, optedOut);
  }, 240_000);
});

describe('two workers running the same batch at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('deliver to no one twice: the cursor lock runs them one after the other', async () => {
    const owner = await signIn(t, 'instructor');
    const courseId = (await createCourse(t.db, { instructorId: owner.user.id })).id;
    const students = await enrollStudents(t.db, courseId, 1200);
    const posted = await api.post(
      t,
      `/courses/${courseId}/announcements`,
      { title: 'Twice?', body: 'Never.' },
      owner,
    );
    const announcementId: string = posted.json().data.announcement._id;
    const ctx = { db: t.db, config: t.config, jobs: t.app.jobs, now: () => new Date() };
    const batches = await Promise.all([
      deliverAnnouncementBatch(ctx, announcementId),
      deliverAnnouncementBatch(ctx, announcementId),
      deliverAnnouncementBatch(ctx, announcementId),
    ]);
    expect(batches.map((b) => b.delivered).sort((a, b) => a - b)).toEqual([200, 500, 500]);
    // The posted job and the queued next batches find nothing left to do.
    await t.app.jobs.drain([ANNOUNCEMENT_QUEUE]);
    await expectEachReachedOnce(t.db, announcementId, students);
  }, 120_000);
});

describe('a delivery whose retries ran out', () => {
  let database: TestDatabase;
  let t: TestApp | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('is resumed by the sweep once the fault is gone, and reaches each student once; a queued one is left alone', async () => {
    t = await createTestApp({ MAIL_RETRY_DELAY_SECONDS: '0', MAIL_RETRY_LIMIT: '1' }, undefined, {
      database: database.db,
    });
    const db = t.db;
    const owner = await signIn(t, 'instructor');
    const courseId = (await createCourse(db, { instructorId: owner.user.id })).id;
    const students = await enrollStudents(db, courseId, 700);
    // Every notification fails while the fault is on: each attempt of the first batch rolls back.
    await db.execute(
      sql.raw(`
      create table announcement_fault_on (on_ boolean);
      insert into announcement_fault_on values (true);
      create function announcement_fault() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from announcement_fault_on) then
          raise exception 'injected fault: notifications are down';
        end if;
        return new;
      end $$;
      create trigger announcement_fault before insert on notifications
        for each row execute function announcement_fault();`),
    );
    const posted = await api.post(
      t,
      `/courses/${courseId}/announcements`,
      { title: 'Stuck?', body: 'No.' },
      owner,
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const announcementId: string = posted.json().data.announcement._id;
    const ctx = { db, config: t.config, jobs: t.app.jobs, now: () => new Date() };

    // Queued and not yet run: the sweep leaves it to its job.
    expect(await resumeStalledDeliveries(ctx)).toBe(0);
    // Both attempts fail, and pg-boss gives the job up: without the sweep the delivery would stop here.
    await t.app.jobs.drain([ANNOUNCEMENT_QUEUE]);
    const [stalled] = await db
      .select()
      .from(courseAnnouncements)
      .where(eq(courseAnnouncements.id, announcementId));
    expect(stalled).toMatchObject({ recipientCount: 0, completedAt: null, cursorUserId: null });
    await t.app.jobs.drain([ANNOUNCEMENT_QUEUE]);
    expect((await db.select().from(announcementDeliveries)).length).toBe(0);

    await db.execute(sql.raw('delete from announcement_fault_on'));
    expect(await resumeStalledDeliveries(ctx)).toBe(1);
    // A second sweep before the retry ran queues nothing more.
    expect(await resumeStalledDeliveries(ctx)).toBe(0);
    await t.app.jobs.drain([ANNOUNCEMENT_QUEUE]);
    await expectEachReachedOnce(db, announcementId, students);
    const [done] = await db
      .select()
      .from(courseAnnouncements)
      .where(eq(courseAnnouncements.id, announcementId));
    expect(done?.completedAt).not.toBeNull();
    expect(await resumeStalledDeliveries(ctx)).toBe(0);
  }, 120_000);

  it('a server with the job worker sweeps at start: a delivery that stalled before a restart finishes', async () => {
    if (!t) throw new Error('the first test sets the app up');
    const owner = await signIn(t, 'instructor');
    const courseId = (await createCourse(t.db, { instructorId: owner.user.id })).id;
    await enrollStudents(t.db, courseId, 30);
    await t.db.execute(sql.raw('insert into announcement_fault_on values (true)'));
    const posted = await api.post(
      t,
      `/courses/${courseId}/announcements`,
      { title: 'Later', body: 'x' },
      owner,
    );
    const announcementId: string = posted.json().data.announcement._id;
    await t.app.jobs.drain([ANNOUNCEMENT_QUEUE]);
    await t.db.execute(sql.raw('delete from announcement_fault_on'));
    await t.close();
    t = await createTestApp({ MAIL_RETRY_DELAY_SECONDS: '0' }, undefined, {
      database: database.db,
      jobWorker: true,
    });
    const db = t.db;
    await vi.waitFor(
      async () => {
        const [row] = await db
          .select()
          .from(courseAnnouncements)
          .where(eq(courseAnnouncements.id, announcementId));
        expect(row).toMatchObject({ recipientCount: 30, completedAt: expect.any(Date) });
      },
      { timeout: 30_000, interval: 200 },
    );
  }, 120_000);
});
