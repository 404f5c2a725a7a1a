/** Typed service errors; one handler maps them to HTTP status and `{ message, code, issues? }`. */
import { ERROR_STATUS, type ErrorCode, type ErrorIssue } from '@lectio/contracts/errors';

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const badRequest = (message: string, issues?: ErrorIssue[]) =>
  new AppError('BAD_REQUEST', message, issues);
export const unauthorized = (message: string) => new AppError('UNAUTHORIZED', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, issues?: ErrorIssue[]) => new AppError('CONFLICT', message, issues);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError('TOO_MANY_REQUESTS', message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** A zod error's issues as the API reports them (one rule, in the contracts, shared with the mocks). */
export { issuesOfSchemaError as issuesFromZod } from '@lectio/contracts/rest-input';
