/**
 * What a failed API call says, whichever way it went: a tRPC call (`TRPCClientError<AppRouter>`, whose
 * `data` carries the HTTP status, the REST error code as `appCode` and the field issues) or one of the
 * session module's REST auth calls (`ApiError`). Screens show `message`, sometimes `status`, and decide
 * on `code`; when no HTTP answer came back at all there is nothing of the server's to show, and the text
 * is the spec's 'No server response' (section 5).
 */
import type { AppRouter } from '@lectio/contracts/api';
import type { ErrorIssue } from '@lectio/contracts/errors';
import { API_MESSAGES, AUTH_MESSAGES } from '@lectio/contracts/messages';
import type { TRPCClientError } from '@trpc/client';
import { ApiError } from './api';

export interface ServerFailure {
  /** The HTTP status the server answered with. */
  status: number;
  message: string;
  /** The REST error code (`VALIDATION_ERROR`, `PAYMENT_FAILED`, ...), or tRPC's own when the server gave none. */
  code: string;
  issues: ErrorIssue[];
}

/** Checked by name as tRPC's own `isTRPCClientError` does, so this module needs no tRPC code. */
export function isTrpcClientError(error: unknown): error is TRPCClientError<AppRouter> {
  return error instanceof Error && error.name === 'TRPCClientError';
}

/** The server's answer to a failed call, or null when none arrived (network failure, server down). */
export function serverFailure(error: unknown): ServerFailure | null {
  if (error instanceof ApiError) {
    return error.status > 0
      ? { status: error.status, message: error.message, code: error.code, issues: error.issues }
      : null;
  }
  if (isTrpcClientError(error) && error.data) {
    const { httpStatus, appCode, code, issues = [] } = error.data;
    // Input refused by the procedure's schema: tRPC's message is zod's whole report, REST says 'Invalid
    // request' and lists the issues; keep REST's text.
    const message = !appCode && issues.length > 0 ? API_MESSAGES.validationFailed : error.message;
    return { status: httpStatus, message, code: appCode ?? code, issues };
  }
  return null;
}

/** Message for a form or status line: the server's text, or 'No server response' when it never answered. */
export function errorMessage(error: unknown): string {
  return serverFailure(error)?.message ?? AUTH_MESSAGES.noServerResponse;
}

/** A failed call's text for a form: the fields' own messages when the input was refused, else the server's. */
export function formErrorMessage(error: unknown): string {
  const failure = serverFailure(error);
  const issues = [...new Set(failure?.issues.map((issue) => issue.message) ?? [])];
  return issues.length > 0 ? issues.join(' ') : errorMessage(error);
}
