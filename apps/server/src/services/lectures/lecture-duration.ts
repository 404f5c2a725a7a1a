/**
 * Lecture durations. The browser reads a video's length from the file's metadata and sends it; the
 * server only trusts it to be a number, so it is rounded and clamped to a sane range before storing.
 * How a duration is written (`formattedDuration`, a course's `duration`) is `@lectio/contracts/durations`.
 */

/** The longest lecture the catalogue accepts: 24 hours. */
export const MAX_LECTURE_SECONDS = 24 * 60 * 60;

export function clampDuration(seconds: number): number {
  if (!Number.isFinite(seconds)) return 0;
  return Math.min(MAX_LECTURE_SECONDS, Math.max(0, Math.round(seconds)));
}
