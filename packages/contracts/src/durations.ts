/**
 * How the API writes a length of time: a lecture's `formattedDuration` and a course's `duration`. The
 * server writes them; the seed and the mocks write the same text. Zod-free.
 */

/** Whole seconds, never negative. */
const wholeSeconds = (seconds: number) => Math.max(0, Math.round(seconds));

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A lecture's length: 0 -> "0:00", 75 -> "1:15", 3725 -> "1:02:05". */
export function formatLectureDuration(totalSeconds: number): string {
  const seconds = wholeSeconds(totalSeconds);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = twoDigits(seconds % 60);
  return h > 0 ? `${h}:${twoDigits(m)}:${s}` : `${m}:${s}`;
}

/**
 * A course's total length for the card: "1h 05m", "12m 30s", "45s"; null when there is nothing to
 * total (the card then shows 'N/A').
 */
export function formatCourseDuration(totalSeconds: number): string | null {
  const seconds = wholeSeconds(totalSeconds);
  if (seconds === 0) return null;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h ${twoDigits(m)}m`;
  if (m > 0) return `${m}m ${twoDigits(s)}s`;
  return `${s}s`;
}
