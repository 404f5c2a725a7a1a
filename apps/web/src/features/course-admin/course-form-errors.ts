/**
 * Field errors of the course forms from the contract's request schemas (`createCourseRequestSchema`,
 * `updateCourseRequestSchema`): the rules (required, trimmed, lengths, price 0 or more) are the server's
 * own, not a copy. What the form adds is its own: which fields it marks required beyond the schema (the
 * edit form marks every field), the "<Label> is required" wording for a field left empty, and reading the
 * price box as a number.
 */
import { fieldErrors } from '@lectio/contracts/auth';
import { COURSE_ADMIN_TEXT } from './course-admin-text';

type Schema = Parameters<typeof fieldErrors>[0];

export function requiredMessage(label: string): string {
  return `${label} is required`;
}

/** The price box's text as the request's number: absent when empty, NaN when not a number. */
export function priceFrom(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed ? Number(trimmed) : undefined;
}

/**
 * The first message per field for `candidate` (a request body, with `undefined` for an empty field):
 * `required` fields left empty say "<Label> is required", a price that is not a number says so, the
 * rest is the schema's. Empty when the candidate passes.
 */
export function courseFieldErrors(
  schema: Schema,
  candidate: Record<string, unknown>,
  required: Record<string, string>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, label] of Object.entries(required)) {
    if (candidate[field] === undefined) errors[field] = requiredMessage(label);
  }
  if (typeof candidate.price === 'number' && !Number.isFinite(candidate.price)) {
    errors.price = COURSE_ADMIN_TEXT.priceNumeric;
  }
  for (const [field, message] of Object.entries(fieldErrors(schema, candidate))) {
    errors[field] ??= message;
  }
  return errors;
}
