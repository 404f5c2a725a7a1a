/**
 * The catalogue's cursors, one per order, on the shared parser (lib/cursor.ts, decision 0052).
 *
 * Newest first is keyset on (created_at DESC, id DESC), with the cursor every list shares (lib/cursor.ts).
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
import { z } from 'zod';
import { cursorField, readCursor, writeCursor } from '../../lib/cursor';

export interface RatingPosition {
  /** The `real` as PostgreSQL prints it, e.g. "4.7" or "3.3333333". */
  rating: string;
  ratingCount: number;
  id: string;
}

const RATING_TAG = 'r';
/** Ratings are averages of 1 to 5 stars, 0 without reviews. */
const HIGHEST_RATING = 5;
const ratingFields = z.tuple([
  cursorField.tag(RATING_TAG),
  cursorField.real(0, HIGHEST_RATING),
  cursorField.count,
  cursorField.uuid,
]);

export function encodeRatingCursor(position: RatingPosition): string {
  return writeCursor([RATING_TAG, position.rating, position.ratingCount, position.id]);
}

export function decodeRatingCursor(cursor: string): RatingPosition {
  const [, rating, count, id] = readCursor(cursor, ratingFields);
  return { rating, ratingCount: Number(count), id };
}

export type KeyTag = 's' | 'p' | 'P' | 'n';

export interface KeyPosition {
  /** The key as text: a `real` as PostgreSQL prints it for `s`, an integer for the others. */
  key: string;
  id: string;
}

/** The relevance rank is a non-negative `real`; prices and student counts are non-negative integers. */
const keyFields = (tag: KeyTag) =>
  z.tuple([cursorField.tag(tag), tag === 's' ? cursorField.real(0) : cursorField.count, cursorField.uuid]);

export function encodeKeyCursor(tag: KeyTag, position: KeyPosition): string {
  return writeCursor([tag, position.key, position.id]);
}

/** The position of a cursor of the order `tag`; 400 for another order's cursor or anything else. */
export function decodeKeyCursor(cursor: string, tag: KeyTag): KeyPosition {
  const [, key, id] = readCursor(cursor, keyFields(tag));
  return { key, id };
}
