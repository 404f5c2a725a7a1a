import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDb, queryRows } from '../src/client';
import { createUser } from '../src/seed/factories';
import { createTestDatabase, resetDatabase, type TestDatabase } from '../src/testing';

let handle: TestDatabase;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const TABLES = [
  'account_tokens',
  'activity_events',
  'announcement_deliveries',
  'answer_votes',
  'auth_sessions',
  'certificates',
  'coupon_redemptions',
  'coupons',
  'course_announcements',
  'course_completions',
  'course_learner_stats',
  'course_mail_opt_outs',
  'course_questions',
  'course_sections',
  'course_stats',
  'course_weekly_enrollments',
  'courses',
  'daily_category_views',
  'daily_revenue',
  'daily_session_stats',
  'daily_signups',
  'deleted_courses',
  'discussion_reports',
  'ended_enrollments',
  'enrollment_progress',
  'enrollments',
  'instructor_student_counts',
  'instructor_students',
  'lecture_progress',
  'lecture_stops',
  'lectures',
  'ledger_entries',
  'ledger_instructor_totals',
  'ledger_monthly_totals',
  'ledger_platform_monthly_totals',
  'lesson_notes',
  'lesson_resources',
  'mail_messages',
  'notifications',
  'payment_events',
  'payments',
  'payout_accounts',
  'payouts',
  'platform_counts',
  'platform_fee_changes',
  'question_answers',
  'question_follows',
  'question_votes',
  'quiz_attempts',
  'quiz_questions',
  'quizzes',
  'rate_limit_counters',
  'refunds',
  'review_reports',
  'reviews',
  'search_words',
  'site_pages',
  'teaching_applications',
  'test_payment_intents',
  'user_presence',
  'user_role_counts',
  'users',
  'video_processing',
];

describe('migrations', () => {
  it('creates every table', async () => {
    const rows = await queryRows<{ table_name: string }>(
      handle.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual(TABLES);
  });

  it('records the applied migrations and is idempotent', async () => {
    const before = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    await migrateDb(handle);
    const after = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(before[0]?.n).toBeGreaterThan(0);
    expect(after).toEqual(before);
  });

  it('creates the catalogue and lower(email) indexes', async () => {
    const rows = await queryRows<{ indexname: string }>(
      handle.db,
      sql`select indexname from pg_indexes where schemaname = 'public'`,
    );
    const names = rows.map((row) => row.indexname);
    expect(names).toEqual(
      expect.arrayContaining([
        'users_email_lower_unique',
        'courses_catalogue_idx',
        'courses_rating_idx',
        // Catalogue search (migrations 0011-0012): the search document, titles by trigram, candidates.
        'courses_search_idx',
        'courses_title_trgm_idx',
        'courses_category_rating_idx',
        'lectures_course_position_idx',
        // The sweep of ended abuse-limit counters reads this.
        'rate_limit_counters_window_ends_at_idx',
        // Search within a course's questions (migration 0021), outside the drizzle schema.
        'course_questions_search_idx',
      ]),
    );
  });
});

describe('createTestDatabase', () => {
  it('gives each caller its own empty database', async () => {
    await createUser(handle.db);
    const other = await createTestDatabase();
    try {
      const rows = await queryRows<{ n: number }>(other.db, sql`select count(*)::int as n from users`);
      expect(rows[0]?.n).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('reports a connection URL only for PostgreSQL', () => {
    expect(handle.driver).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    if (handle.driver === 'postgres') expect(handle.url).toMatch(/\/lectio_test_[0-9a-f]{12}$/);
    else expect(handle.url).toBeUndefined();
  });

  it('resetDatabase empties every table', async () => {
    await createUser(handle.db);
    await resetDatabase(handle.db);
    const rows = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from users`);
    expect(rows[0]?.n).toBe(0);
  });
});
