/**
 * Keyset pagination cursors for course lists ordered by (created_at DESC, id DESC). The cursor is an
 * opaque base64url of the last row's exact created_at (microseconds, as PostgreSQL stores it: a JS Date
 * would drop them and pages could repeat or skip rows) and its id.
 *
 * Lists sorted by rating are ordered by (rating DESC, rating_count DESC, id DESC); their cursor holds the
 * last row's rating as PostgreSQL prints the `real` (shortest text that reads back as the same value, the
 * default since PostgreSQL 12), its rating count and its id, behind an `r` tag, so that a cursor of one
 * order is refused (400) by the other.
 *
 * The other orders (issue 16) are keyset on (key DESC or ASC, id) with a cursor of a tag, the key's text
 * and the id: relevance `s` (the rank, a `real` as PostgreSQL prints it), price `p` (low first) and `P`
 * (high first), students `n`.
 */
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { INT32_MAX } from '@lectio/contracts/schema-formats';
import { badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

export interface CoursePosition {
  /** UTC timestamp with microseconds, e.g. 2026-01-02T03:04:05.123456Z. */
  createdAt: string;
  id: string;
}

// Years 0001 to 9999: PostgreSQL has no year 0 (0000 is 1 BC in ISO 8601, a query error there).
const TIMESTAMP = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(position: CoursePosition): string {
  return Buffer.from(`${position.createdAt}|${position.id}`, 'utf8').toString('base64url');
}

const invalid = () =>
  badRequest(COURSE_MESSAGES.invalidCursor, [{ path: 'cursor', message: COURSE_MESSAGES.invalidCursor }]);

/** The `|`-separated parts of a cursor's text; 400 when it is not base64url of reasonable length. */
function cursorParts(cursor: string): string[] {
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  return Buffer.from(cursor, 'base64url').toString('utf8').split('|');
}

/** The position a cursor names; 400 for anything this server did not produce. */
export function decodeCursor(cursor: string): CoursePosition {
  const [createdAt, id, ...rest] = cursorParts(cursor);
  if (rest.length > 0 || !createdAt || !id || !TIMESTAMP.test(createdAt) || !isUuid(id)) throw invalid();
  // A calendar-valid instant only (PostgreSQL would fail on 2026-02-30 with a 500, not a 400).
  const parsed = Date.parse(createdAt);
  if (Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 19) !== createdAt.slice(0, 19)) {
    throw invalid();
  }
  return { createdAt, id };
}

export interface RatingPosition {
  /** The `real` as PostgreSQL prints it, e.g. "4.7" or "3.3333333". */
  rating: string;
  ratingCount: number;
  id: string;
}

const RATING_TAG = 'r';
const RATING_TEXT = /^\d(\.\d{1,9})?$/;
const COUNT_TEXT = /^\d{1,10}$/;

export function encodeRatingCursor(position: RatingPosition): string {
  return Buffer.from(
    `${RATING_TAG}|${position.rating}|${position.ratingCount}|${position.id}`,
    'utf8',
  ).toString('base64url');
}

export function decodeRatingCursor(cursor: string): RatingPosition {
  const [tag, rating, count, id, ...rest] = cursorParts(cursor);
  if (
    tag !== RATING_TAG ||
    rest.length > 0 ||
    !rating ||
    !RATING_TEXT.test(rating) ||
    Number(rating) > 5 ||
    !count ||
    !COUNT_TEXT.test(count) ||
    Number(count) > INT32_MAX ||
    !id ||
    !isUuid(id)
  ) {
    throw invalid();
  }
  return { rating, ratingCount: Number(count), id };
}

export type KeyTag = 's' | 'p' | 'P' | 'n';

export interface KeyPosition {
  /** The key as text: a `real` as PostgreSQL prints it for `s`, an integer for the others. */
  key: string;
  id: string;
}

const REAL_TEXT = /^\d{1,12}(\.\d{1,12})?(e[-+]\d{1,3})?$/;

export function encodeKeyCursor(tag: KeyTag, position: KeyPosition): string {
  return Buffer.from(`${tag}|${position.key}|${position.id}`, 'utf8').toString('base64url');
}

/** The position of a cursor of the order `tag`; 400 for another order's cursor or anything else. */
export function decodeKeyCursor(cursor: string, tag: KeyTag): KeyPosition {
  const [found, key, id, ...rest] = cursorParts(cursor);
  const keyValid =
    key !== undefined &&
    (tag === 's' ? REAL_TEXT.test(key) : COUNT_TEXT.test(key) && Number(key) <= INT32_MAX);
  if (found !== tag || rest.length > 0 || !keyValid || !id || !isUuid(id)) throw invalid();
  return { key, id };
}
