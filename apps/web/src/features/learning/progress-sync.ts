/**
 * Watch-progress bookkeeping for one lecture (spec sections 4 and 9), free of React and the DOM so that
 * fake timers can drive it:
 * - every `timeupdate` writes `{ watchedDuration, completed, updatedAt }` to local storage;
 * - every 5th update schedules a send to the server, at most 2 s later (see below);
 * - `start` (playback starts) sends the position at once: the server credits watch time from one report
 *   to the next (decision 0045), so the first report sets its clock;
 * - `ended` sets watched = duration and completed = true and sends at once;
 * - a completion the server refuses (too little of the lecture played: it credits no more than twice the
 *   wall clock, so seeking to the end doesn't count) is dropped: the lecture stays unfinished locally too,
 *   and the next sends carry the position only;
 * - `flush` sends whatever the server has not seen yet (unmount, page hide);
 * - after every successful send `onSent` runs (the player refetches the course progress).
 *
 * The 2 s debounce has a maximum wait equal to its delay (lodash's `maxWait`): `timeupdate` fires about
 * four times a second, so every 5th update comes every ~1.25 s and a plain trailing debounce would be
 * reset forever and never send while the video plays. Later requests inside the window join the pending
 * send, which carries the newest position when it fires.
 *
 * At most one request is in flight; a send asked for meanwhile goes out when it settles. A failed send is
 * forgotten (the position stays in local storage) and the next scheduled send carries the newer value.
 */
import { PROGRESS_SYNC_DEBOUNCE_MS, PROGRESS_SYNC_EVERY_UPDATES } from '@lectio/contracts/constants';
import { storedJson } from '~/lib/stored-json';

export interface LectureProgressValue {
  /** Seconds from the start of the lecture. */
  watchedDuration: number;
  completed: boolean;
}

export interface StoredProgress extends LectureProgressValue {
  /** Epoch milliseconds of the write. */
  updatedAt: number;
}

export interface ProgressStore {
  read(): StoredProgress | null;
  write(progress: StoredProgress): void;
}

/** Local storage key of one user's progress on one lecture. */
export function progressStorageKey(userId: string, lectureId: string): string {
  return `lectio:progress:${userId}:${lectureId}`;
}

function isStoredProgress(value: unknown): value is StoredProgress {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.watchedDuration === 'number' &&
    Number.isFinite(record.watchedDuration) &&
    typeof record.completed === 'boolean' &&
    typeof record.updatedAt === 'number'
  );
}

/** A store in local storage (lib/stored-json.ts: bad entries read as none, a blocked storage is ignored). */
export function webStorageProgressStore(key: string, storage?: () => Storage): ProgressStore {
  return storedJson(key, (value) => (isStoredProgress(value) ? value : null), storage);
}

/**
 * Where playback starts: the larger of the local and the server position (the server keeps no time of
 * its own per lecture to tell which is newer, and a position only falls when someone rewinds), or 0 when
 * that is within about a second of the end, so a finished lecture plays again from the start.
 */
export function resumePosition(
  positions: readonly (number | null | undefined)[],
  duration: number,
  nearEndSeconds = 1,
): number {
  const known = positions.filter(
    (value): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0,
  );
  const position = known.length > 0 ? Math.max(...known) : 0;
  if (!Number.isFinite(duration) || duration <= 0) return position;
  return position >= duration - nearEndSeconds ? 0 : Math.min(position, duration);
}

export interface ProgressSyncOptions {
  store: ProgressStore;
  /** Sends to the server; `keepalive` when the page is going away. Rejects on failure. */
  send: (progress: LectureProgressValue, options: { keepalive: boolean }) => Promise<unknown>;
  /** After each successful send. */
  onSent?: () => void;
  /** Whether a failed send was the server refusing the completion (a 400), not a network failure. */
  isCompletionRefused?: (error: unknown) => boolean;
  now?: () => number;
  everyUpdates?: number;
  debounceMs?: number;
}

export interface ProgressSync {
  /** Playback starts (or resumes) at `currentTime`: reported at once. */
  start(currentTime: number, duration: number): void;
  timeUpdate(currentTime: number, duration: number): void;
  ended(duration: number): void;
  /** Sends any progress the server has not seen yet, now. */
  flush(options?: { keepalive?: boolean }): void;
  /** Flushes, then ignores every further call. */
  dispose(options?: { keepalive?: boolean }): void;
}

function sameProgress(a: LectureProgressValue | null, b: LectureProgressValue | null): boolean {
  return a !== null && b !== null && a.watchedDuration === b.watchedDuration && a.completed === b.completed;
}

export function createProgressSync({
  store,
  send,
  onSent,
  isCompletionRefused = () => false,
  now = Date.now,
  everyUpdates = PROGRESS_SYNC_EVERY_UPDATES,
  debounceMs = PROGRESS_SYNC_DEBOUNCE_MS,
}: ProgressSyncOptions): ProgressSync {
  // Completion sticks: watching a finished lecture again does not make it unfinished.
  let current: LectureProgressValue | null = null;
  let completedBefore = store.read()?.completed ?? false;
  let updates = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** What the server has (or is being sent): nothing new means nothing to send. */
  let sent: LectureProgressValue | null = null;
  let inFlight = false;
  let sendWhenSettled = false;
  let disposed = false;

  function record(progress: LectureProgressValue): void {
    current = progress;
    store.write({ ...progress, updatedAt: now() });
  }

  function cancelTimer(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function sendNow(keepalive: boolean): void {
    const progress = current;
    if (progress === null || sameProgress(progress, sent)) return;
    if (inFlight && !keepalive) {
      sendWhenSettled = true;
      return;
    }
    sent = progress;
    inFlight = true;
    send(progress, { keepalive })
      .then(
        () => {
          onSent?.();
        },
        (error: unknown) => {
          if (sent === progress) sent = null;
          if (progress.completed && isCompletionRefused(error)) {
            completedBefore = false;
            if (current?.completed) record({ ...current, completed: false });
          }
        },
      )
      .finally(() => {
        inFlight = false;
        if (sendWhenSettled) {
          sendWhenSettled = false;
          sendNow(false);
        }
      });
  }

  function flush({ keepalive = false }: { keepalive?: boolean } = {}): void {
    if (disposed) return;
    cancelTimer();
    sendNow(keepalive);
  }

  function schedule(): void {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      sendNow(false);
    }, debounceMs);
  }

  function position(currentTime: number, duration: number): LectureProgressValue {
    const upper = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
    return { watchedDuration: Math.min(Math.max(currentTime, 0), upper), completed: completedBefore };
  }

  return {
    start(currentTime, duration) {
      if (disposed || !Number.isFinite(currentTime)) return;
      record(position(currentTime, duration));
      cancelTimer();
      sendNow(false);
    },
    timeUpdate(currentTime, duration) {
      if (disposed || !Number.isFinite(currentTime)) return;
      record(position(currentTime, duration));
      updates += 1;
      if (updates % everyUpdates === 0) schedule();
    },
    ended(duration) {
      if (disposed) return;
      completedBefore = true;
      const watched = Number.isFinite(duration) && duration > 0 ? duration : (current?.watchedDuration ?? 0);
      record({ watchedDuration: watched, completed: true });
      cancelTimer();
      sendNow(false);
    },
    flush,
    dispose(options) {
      if (disposed) return;
      // A send queued behind one in flight still goes out after this: it is the latest position.
      flush(options);
      disposed = true;
    },
  };
}
