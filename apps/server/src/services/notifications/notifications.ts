/**
 * In-app notifications (issue 15, item 3). A service that causes an event calls `notify` with its own
 * transaction, so the notification commits or rolls back with the event: no phantom of an event that
 * did not happen, no event without its notification. Reading and marking read are the recipient's own.
 */

import { NOTIFICATION_TEXT } from '@lectio/contracts/messages';
import type { NotificationKind } from '@lectio/contracts/notifications';
import { NOTIFICATION_BELL_LATEST } from '@lectio/contracts/notifications';
import { type Database, notifications } from '@lectio/db';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { newestFirst, pageOf } from '../../lib/newest-first';
import type { Actor, ServiceContext } from '../context';
import { exactInstant } from '../reviews/review-rows';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link?: string | null;
}

/** Writes notifications in the caller's transaction (`tx`): they exist exactly when the event does. */
export async function notify(
  tx: Database,
  now: Date,
  items: NewNotification | readonly NewNotification[],
): Promise<void> {
  const list = Array.isArray(items) ? items : [items as NewNotification];
  if (list.length === 0) return;
  await tx.insert(notifications).values(
    list.map((item) => ({
      userId: item.userId,
      kind: item.kind,
      title: item.title,
      body: item.body,
      link: item.link ?? null,
      createdAt: now,
    })),
  );
}

const columns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  exact: exactInstant(notifications.createdAt),
};

async function unreadCountOf(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

async function newest(db: Database, userId: string, limit: number, cursor?: string) {
  const { after, order } = newestFirst(notifications.createdAt, notifications.id, cursor);
  return db
    .select(columns)
    .from(notifications)
    .where(and(eq(notifications.userId, userId), after))
    .orderBy(...order)
    .limit(limit);
}

function present(row: Awaited<ReturnType<typeof newest>>[number]) {
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** notifications.summary: what the bell shows. */
export async function notificationSummary(ctx: ServiceContext, actor: Actor) {
  const [unreadCount, latest] = await Promise.all([
    unreadCountOf(ctx.db, actor.id),
    newest(ctx.db, actor.id, NOTIFICATION_BELL_LATEST),
  ]);
  return { unreadCount, latest: latest.map(present) };
}

/** notifications.list: the see-all page, keyset-paged newest first. */
export async function listNotifications(
  ctx: ServiceContext,
  actor: Actor,
  input: { cursor?: string | undefined; limit: number },
) {
  const [rows, unreadCount] = await Promise.all([
    newest(ctx.db, actor.id, input.limit + 1, input.cursor),
    unreadCountOf(ctx.db, actor.id),
  ]);
  const { page, nextCursor } = pageOf(rows, input.limit, (row) => ({ createdAt: row.exact, id: row.id }));
  return { notifications: page.map(present), nextCursor, unreadCount };
}

/** notifications.markRead: one of the actor's own; anyone else's is 404, as if it did not exist. */
export async function markNotificationRead(ctx: ServiceContext, actor: Actor, id: string) {
  if (!isUuid(id)) throw notFound(NOTIFICATION_TEXT.notificationNotFound);
  const [row] = await ctx.db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${ctx.now().toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)))
    .returning({ id: notifications.id });
  if (!row) throw notFound(NOTIFICATION_TEXT.notificationNotFound);
  return { unreadCount: await unreadCountOf(ctx.db, actor.id) };
}

/** notifications.markAllRead. */
export async function markAllNotificationsRead(ctx: ServiceContext, actor: Actor) {
  const marked = await ctx.db
    .update(notifications)
    .set({ readAt: ctx.now() })
    .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { marked: marked.length, unreadCount: await unreadCountOf(ctx.db, actor.id) };
}
