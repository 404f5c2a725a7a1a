/**
 * PostgreSQL refusing a value the client sent, as a 400: the safety net behind the input schemas, which
 * should refuse such values first (NUL in text, a cursor's year 0000, a non-uuid id). Drizzle wraps the
 * driver's error (`DrizzleQueryError`), so the SQLSTATE is read along the `cause` chain; postgres.js and
 * PGlite both put it in `code`.
 */
import { API_MESSAGES } from '@lectio/contracts/messages';
import { AppError } from './errors';

/** Data exceptions (SQLSTATE class 22) that only a bad input value causes. */
const BAD_VALUE_SQLSTATES: ReadonlySet<string> = new Set([
  '22001', // string_data_right_truncation: text longer than its column
  '22003', // numeric_value_out_of_range: a number past its column's type
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow: a date out of range (year 0000)
  '22021', // character_not_in_repertoire: NUL (or invalid UTF-8) in text
  '22P02', // invalid_text_representation: 'abc' as a uuid or an integer
  '22P05', // untranslatable_character: \u0000 in jsonb
]);

/** A 400 for an error that is PostgreSQL refusing a bad input value; undefined for any other error. */
export function refusedValueError(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && BAD_VALUE_SQLSTATES.has(code))
      return new AppError('BAD_REQUEST', API_MESSAGES.valueRefused);
    current = current.cause;
  }
  return undefined;
}
