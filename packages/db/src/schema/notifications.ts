/**
 * Product features around the catalogue (issue 15): in-app notifications, the admin-editable site pages
 * and applications to teach.
 */
import { NOTIFICATION_KINDS, type NotificationKind } from '@lectio/contracts/notifications';
import { SITE_PAGE_SLUGS, type SitePageSlug } from '@lectio/contracts/site-pages';
import { APPLICATION_STATUSES, type ApplicationStatus } from '@lectio/contracts/teaching-applications';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, ref, updatedAt } from './columns';
import { users } from './users';

/**
 * One notification for one recipient. `title` and `body` are written at the event (the recipient reads
 * what was true then); `link` is an app path to open, or null.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('notifications_kind_check', oneOf(t.kind, NOTIFICATION_KINDS)),
    // The bell and the see-all page: a user's newest first, keyset-paged.
    index('notifications_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The badge: a user's unread count.
    index('notifications_user_unread_idx').on(t.userId).where(sql`read_at is null`),
  ],
);

/** An admin's edit of a site page; a slug without a row shows the server's default text. */
export const sitePages = pgTable(
  'site_pages',
  {
    slug: text('slug').$type<SitePageSlug>().primaryKey(),
    title: text('title').notNull(),
    markdown: text('markdown').notNull(),
    updatedBy: ref('updated_by', () => users.id, 'set null'),
    updatedAt: updatedAt(),
  },
  (t) => [check('site_pages_slug_check', oneOf(t.slug, SITE_PAGE_SLUGS))],
);

/** A student's application to teach, and the admin's decision. */
export const teachingApplications = pgTable(
  'teaching_applications',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    topic: text('topic').notNull(),
    experience: text('experience').notNull(),
    sampleUrl: text('sample_url'),
    status: text('status').$type<ApplicationStatus>().notNull().default('pending'),
    decidedBy: ref('decided_by', () => users.id, 'set null'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The admin's reason, shown to the applicant on a decline. */
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('teaching_applications_status_check', oneOf(t.status, APPLICATION_STATUSES)),
    // At most one pending application per user (a second submit while one is pending is refused).
    uniqueIndex('teaching_applications_one_pending_idx').on(t.userId).where(sql`status = 'pending'`),
    // The admin's queue: newest first by status.
    index('teaching_applications_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export type Notification = typeof notifications.$inferSelect;
export type SitePage = typeof sitePages.$inferSelect;
export type TeachingApplication = typeof teachingApplications.$inferSelect;
