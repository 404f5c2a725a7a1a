/** Turning a failed call into the text the spec asks for (section 8). */
import { serverFailure } from '~/lib/api-errors';

/** The server's message when the server answered, else the screen's own fallback. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return serverFailure(error)?.message || fallback;
}

/**
 * Status (default 500) and message (default `unknownMessage`) of any failure, for "failed with" texts:
 * the server's answer for an API call, the error's own status and message otherwise (an upload).
 */
export function failureDetails(error: unknown, unknownMessage: string): { status: number; message: string } {
  const failure = serverFailure(error);
  const ownStatus =
    typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
      ? error.status
      : 0;
  const status = failure?.status ?? ownStatus;
  const message =
    failure?.message || (error instanceof Error && error.message ? error.message : unknownMessage);
  return { status: status > 0 ? status : 500, message };
}
