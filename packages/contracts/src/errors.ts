/** The one error shape every API failure uses: `{ message, code, issues? }`. */
import type { z } from 'zod';
import type { apiErrorSchema, errorIssueSchema } from './enumeration-schemas.js';
import { ERROR_CODES, type ErrorCode } from './enumerations.js';

export { apiErrorSchema, errorIssueSchema } from './enumeration-schemas.js';
export { ERROR_CODES, type ErrorCode } from './enumerations.js';

export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYMENT_FAILED: 402,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  REQUEST_TIMEOUT: 408,
  TOO_MANY_REQUESTS: 429,
  NOT_IMPLEMENTED: 501,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

/** The tRPC error code each error code travels as over /trpc (the status is the same as over REST). */
export const TRPC_CODE_FOR_ERROR = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_ERROR: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYMENT_FAILED: 'PAYMENT_REQUIRED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  REQUEST_TIMEOUT: 'TIMEOUT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  NOT_IMPLEMENTED: 'NOT_IMPLEMENTED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const satisfies Record<ErrorCode, string>;

export type ErrorIssue = z.infer<typeof errorIssueSchema>;
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

function isErrorIssue(value: unknown): value is ErrorIssue {
  return (
    typeof value === 'object' &&
    value !== null &&
    'path' in value &&
    typeof value.path === 'string' &&
    'message' in value &&
    typeof value.message === 'string'
  );
}

/**
 * The same check as `apiErrorSchema.safeParse(value).success`, without zod, for the web app's REST
 * client (which runs on every page, the landing page included). contracts/test/errors.test.ts keeps the
 * two in agreement.
 */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  if (typeof body.message !== 'string') return false;
  if (typeof body.code !== 'string' || !(ERROR_CODES as readonly string[]).includes(body.code)) return false;
  return body.issues === undefined || (Array.isArray(body.issues) && body.issues.every(isErrorIssue));
}
