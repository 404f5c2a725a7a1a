/**
 * Append-only events for the engagement analytics. No foreign keys: inserts stay cheap and events
 * outlive the users and courses they mention.
 */
import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const activityEvents = pgTable(
  'activity_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id'),
    sessionId: uuid('session_id'),
    /** e.g. 'request', 'course_view', 'lecture_view'. */
    type: text('type').notNull(),
    courseId: uuid('course_id'),
    category: text('category'),
    createdAt: createdAt(),
  },
  (t) => [index('activity_events_type_created_at_idx').on(t.type, t.createdAt)],
);

export type ActivityEvent = typeof activityEvents.$inferSelect;
export type NewActivityEvent = typeof activityEvents.$inferInsert;
