/**
 * What every factory (`<domain>.factories.ts`) draws on: one seeded sequence for ids and dates, so the same test
 * builds the same data on every run (`resetFactories()` in `beforeEach` starts over), and media URLs as the
 * server builds them.
 */
import { API_PREFIX } from '@lectio/contracts/rest-paths';

let sequence = 0;

/** The next number of the sequence every factory draws its ids and dates from. */
export function next(): number {
  sequence += 1;
  return sequence;
}

/** Starts the sequence over: the next `buildCourse()` gets the same id as the first one did. */
export function resetFactories(): void {
  sequence = 0;
}

/** The UUID (version 4 layout) of a sequence number: 1 -> `00000000-0000-4000-8000-000000000001`. */
export function sequentialUuid(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** A fresh id from the sequence. */
export function nextId(): string {
  return sequentialUuid(next());
}

/** Sequence instants are an hour apart, from Monday 6 January 2025, 09:30 UTC. */
export const EPOCH = Date.UTC(2025, 0, 6, 9, 30);
export const HOUR = 60 * 60 * 1000;

/** The ISO date of a sequence number (`hoursLater` hours after it). */
export function isoAt(n: number, hoursLater = 0): string {
  return new Date(EPOCH + (n + hoursLater) * HOUR).toISOString();
}

export const pick = <T>(values: readonly T[], n: number): T =>
  values[(((n - 1) % values.length) + values.length) % values.length] as T;

/** `overrides` without its `undefined` entries, so that `{ videoUrl: undefined }` keeps the default. */
export function given<T extends object>(overrides: T): T {
  return Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)) as T;
}

/** The origin the server builds its file URLs on (its `PUBLIC_URL`; `.env.example` has this one). */
export const MOCK_PUBLIC_URL = 'http://localhost:3000';

/**
 * The URL the API gives for a stored file, absolute as the server builds it:
 * `http://localhost:3000/api/v1/media/<key>`, the key URL-encoded; `signed` adds `expires` and
 * `signature` as on lecture video URLs.
 */
export function mediaUrl(key: string, signed = false, n = 1): string {
  const url = `${MOCK_PUBLIC_URL}${API_PREFIX}/media/${encodeURIComponent(key)}`;
  return signed
    ? `${url}?expires=${Math.floor((EPOCH + (n + 2) * HOUR) / 1000)}&signature=mock-signature-${n}`
    : url;
}

/**
 * Runs `build` on a sequence started over, then puts the caller's sequence back: what `build` makes is the
 * same on every call, and a test's own factories carry on where they were.
 */
export function withFreshSequence<T>(build: () => T): T {
  const saved = sequence;
  sequence = 0;
  try {
    return build();
  } finally {
    sequence = saved;
  }
}
