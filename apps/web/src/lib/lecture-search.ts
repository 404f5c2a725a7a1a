/**
 * `?t=SECONDS` on a lecture in the player: where its video starts (a note's time, decision 0087). Only a
 * whole number of seconds, 0 or more, is kept; anything else is no time.
 */
export interface LectureSearch {
  t?: number;
}

export function validateLectureSearch(search: Record<string, unknown>): LectureSearch {
  // The router parses `?t=42` as a number; a hand-typed `?t="42"` arrives as text.
  const raw = typeof search.t === 'string' && search.t.trim() !== '' ? Number(search.t) : search.t;
  return typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? { t: raw } : {};
}
