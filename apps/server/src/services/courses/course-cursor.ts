/**
 * Keyset pagination cursors for course lists ordered by (created_at DESC, id DESC). The cursor is an
 * opaque base64url of the last row's exact created_at (microseconds, as PostgreSQL stores it: a JS Date
 * would drop them and pages could repeat or skip rows) and its id.
 */
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { badRequest } from '../../lib/errors';
import { isUuid } from './course-access';

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

/** The position a cursor names; 400 for anything this server did not produce. */
export function decodeCursor(cursor: string): CoursePosition {
  const invalid = () =>
    badRequest(COURSE_MESSAGES.invalidCursor, [{ path: 'cursor', message: COURSE_MESSAGES.invalidCursor }]);
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !createdAt || !id || !TIMESTAMP.test(createdAt) || !isUuid(id)) throw invalid();
  // A calendar-valid instant only (PostgreSQL would fail on 2026-02-30 with a 500, not a 400).
  const parsed = Date.parse(createdAt);
  if (Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 19) !== createdAt.slice(0, 19)) {
    throw invalid();
  }
  return { createdAt, id };
}
