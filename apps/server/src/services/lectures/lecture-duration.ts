/**
 * Lecture durations. The browser reads a video's length from the file's metadata and sends it; the
 * server only trusts it to be a number, so it is rounded and clamped to a sane range before storing.
 */

/** The longest lecture the catalogue accepts: 24 hours. */
export const MAX_LECTURE_SECONDS = 24 * 60 * 60;

export function clampDuration(seconds: number): number {
  if (!Number.isFinite(seconds)) return 0;
  return Math.min(MAX_LECTURE_SECONDS, Math.max(0, Math.round(seconds)));
}

/** 0 -> "0:00", 75 -> "1:15", 3725 -> "1:02:05" (the same format the seed factories store). */
export function formatLectureDuration(totalSeconds: number): string {
  const seconds = clampDuration(totalSeconds);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * A course's total length for the card: "1h 05m", "12m 30s", "45s"; null when there is nothing to
 * total (the card then shows 'N/A').
 */
export function formatCourseDuration(totalSeconds: number): string | null {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds === 0) return null;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`;
  if (m > 0) return `${m}m ${String(s).padStart(2, '0')}s`;
  return `${s}s`;
}
