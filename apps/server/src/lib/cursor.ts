/**
 * Pagination cursors, one format and one range-checked parser for every paginated list (decision 0052).
 *
 * A cursor is opaque to clients: base64url of `|`-separated fields that this server wrote (the last row's
 * sort key and id). Reading one back, each field is parsed by the schema of the column it is compared
 * with, so that whatever reaches the database is a value the column holds: a timestamp in the years
 * 0001-9999 with microseconds, a finite number within its type's range, a UUID. Anything else, a cursor
 * this server did not produce, is a 400 naming `cursor`, before any query runs.
 *
 * Most lists read newest first, keyset on (created_at, id): `encodeCursor` / `decodeCursor`. The
 * catalogue's other orders build their own fields from `cursorField` (services/courses/course-cursor.ts).
 */
import { API_MESSAGES } from '@lectio/contracts/messages';
import { INT32_MAX } from '@lectio/contracts/schema-formats';
import { z } from 'zod';
import { badRequest } from './errors';
import { isUuid } from './ids';

/** Longer than any cursor this server writes (a tag, a key and a UUID). */
const MAX_CURSOR_LENGTH = 200;

const invalidCursor = () =>
  badRequest(API_MESSAGES.invalidCursor, [{ path: 'cursor', message: API_MESSAGES.invalidCursor }]);

/**
 * A `real` (float4) as text: finite, and neither overflowing nor underflowing to 0 as a float4 (nor as a
 * double: `1e-999` reads as 0 in JS, but PostgreSQL refuses it as out of range).
 */
function isFloat4(text: string): boolean {
  const value = Number(text);
  if (!Number.isFinite(value)) return false;
  const single = Math.fround(value);
  const writtenAsZero = !/[1-9]/.test(text.split('e')[0] ?? '');
  return Number.isFinite(single) && (single !== 0 || (value === 0 && writtenAsZero));
}

/** Each field a cursor may carry, as the text the server wrote; each refuses what its column can't hold. */
export const cursorField = {
  /**
   * A `timestamptz` as `to_char(… at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` prints it (see
   * `timestampText`): a calendar date in the years 0001-9999 (PostgreSQL has no year 0000, and the
   * 4-digit form excludes the signed years a JS Date accepts, such as +275760), microseconds, UTC.
   */
  timestamp: z.iso.datetime({ precision: 6 }).refine((text) => !text.startsWith('0000')),
  uuid: z.string().refine(isUuid),
  /** A `real` at or above `min`, written in decimal or exponent form as PostgreSQL prints it. */
  real: (min: number, max = Number.MAX_VALUE) =>
    z
      .string()
      .regex(/^-?\d{1,12}(\.\d{1,12})?(e[-+]\d{1,3})?$/)
      .refine(isFloat4)
      .refine((text) => Number(text) >= min && Number(text) <= max),
  /** An `integer` (int4) from 0 to 2^31 - 1, in digits. */
  count: z
    .string()
    .regex(/^\d{1,10}$/)
    .refine((text) => Number(text) <= INT32_MAX),
  /** The tag that says which order a cursor belongs to (a cursor of another order is refused). */
  tag: <T extends string>(tag: T) => z.literal(tag),
};

/** A cursor of these fields (each written as text). */
export function writeCursor(fields: readonly (string | number)[]): string {
  return Buffer.from(fields.join('|'), 'utf8').toString('base64url');
}

/** The fields of a cursor, each parsed by its schema; 400 for anything this server did not write. */
export function readCursor<T extends z.ZodTuple>(cursor: string, fields: T): z.output<T> {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const parsed = fields.safeParse(parts);
  if (!parsed.success) throw invalidCursor();
  return parsed.data;
}

/** A position in a list read newest first: the last row's created_at (with microseconds) and id. */
export interface CursorPosition {
  /** UTC timestamp with microseconds, e.g. 2026-01-02T03:04:05.123456Z (a JS Date would drop them). */
  createdAt: string;
  id: string;
}

/**
 * The cursor text of a timestamp. A Date only for a column written from a JS Date (`ctx.now()`), which
 * holds milliseconds; a column PostgreSQL fills (`now()`) has microseconds: select it with `to_char`.
 */
export function timestampText(value: Date | string): string {
  return typeof value === 'string' ? value : value.toISOString().replace(/Z$/, '000Z');
}

const positionFields = z.tuple([cursorField.timestamp, cursorField.uuid]);

export function encodeCursor(position: { createdAt: Date | string; id: string }): string {
  return writeCursor([timestampText(position.createdAt), position.id]);
}

/** The position a newest-first cursor names; 400 for anything else. */
export function decodeCursor(cursor: string): CursorPosition {
  const [createdAt, id] = readCursor(cursor, positionFields);
  return { createdAt, id };
}
