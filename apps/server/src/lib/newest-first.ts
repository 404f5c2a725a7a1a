/**
 * Keyset paging for the lists read newest first over (created_at, id): coupons, payouts, refunds,
 * teaching applications, mail, reviews, reported reviews, notifications. A list asks `newestFirst` for
 * the condition after its cursor and the order (decoding the cursor first, so a bad one is a 400 before
 * any query runs), reads `limit + 1` rows, and `pageOf` cuts the page and writes the next cursor.
 */
import { type AnyColumn, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { decodeCursor, encodeCursor } from './cursor';

/** The condition for the rows after `cursor` (undefined on the first page), and the order to read in. */
export function newestFirst(createdAt: AnyColumn | SQLWrapper, id: AnyColumn, cursor: string | undefined) {
  const position = cursor ? decodeCursor(cursor) : null;
  const after: SQL | undefined = position
    ? sql`(${createdAt}, ${id}) < (${position.createdAt}::timestamptz, ${position.id}::uuid)`
    : undefined;
  return { after, order: [desc(createdAt), desc(id)] as const };
}

/**
 * The page of `rows` (read with `limit + 1`) and the cursor of the next page (null on the last one),
 * written from the last row's position. A created_at PostgreSQL filled has microseconds: pass it as the
 * text `exactInstant` selects, not as a Date (lib/cursor.ts).
 */
export function pageOf<Row>(
  rows: Row[],
  limit: number,
  positionOf: (row: Row) => { createdAt: Date | string; id: string },
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null };
}
