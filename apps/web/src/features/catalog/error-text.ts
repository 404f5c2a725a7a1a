/** Turning a failed call into the text the spec asks for (section 8). */
import { ApiError } from '~/lib/api';

/** The server's message when the server answered, else the screen's own fallback. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback;
}

/** Status (default 500) and message (default `unknownMessage`) of any failure, for "failed with" texts. */
export function failureDetails(error: unknown, unknownMessage: string): { status: number; message: string } {
  const status =
    typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
      ? error.status
      : 0;
  const message = error instanceof Error && error.message ? error.message : unknownMessage;
  return { status: status > 0 ? status : 500, message };
}
