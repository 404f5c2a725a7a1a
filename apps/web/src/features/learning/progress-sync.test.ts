import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createProgressSync,
  type LectureProgressValue,
  type ProgressStore,
  progressStorageKey,
  resumePosition,
  type StoredProgress,
  webStorageProgressStore,
} from './progress-sync';

function memoryStore(initial: StoredProgress | null = null): ProgressStore & { writes: StoredProgress[] } {
  let value = initial;
  const writes: StoredProgress[] = [];
  return {
    writes,
    read: () => value,
    write: (progress) => {
      value = progress;
      writes.push(progress);
    },
  };
}

function setup(options: { store?: ProgressStore; failSends?: boolean } = {}) {
  const store = options.store ?? memoryStore();
  const sends: { progress: LectureProgressValue; keepalive: boolean }[] = [];
  const settle: (() => void)[] = [];
  const onSent = vi.fn();
  const sync = createProgressSync({
    store,
    now: () => 1_000,
    onSent,
    send: (progress, { keepalive }) => {
      sends.push({ progress, keepalive });
      return new Promise<void>((resolve, reject) => {
        settle.push(options.failSends ? () => reject(new Error('offline')) : resolve);
      });
    },
  });
  /** Lets every pending send answer, then runs the promise callbacks. */
  const answerAll = async () => {
    while (settle.length > 0) settle.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { sync, store, sends, onSent, answerAll };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createProgressSync', () => {
  it('writes every time update to the store', () => {
    const store = memoryStore();
    const { sync } = setup({ store });
    sync.timeUpdate(0.25, 10);
    sync.timeUpdate(0.5, 10);
    expect(store.writes).toEqual([
      { watchedDuration: 0.25, completed: false, updatedAt: 1_000 },
      { watchedDuration: 0.5, completed: false, updatedAt: 1_000 },
    ]);
  });

  it('schedules a send on every 5th update and sends 2 s later with the newest position', async () => {
    const { sync, sends, onSent, answerAll } = setup();
    for (let i = 1; i <= 4; i++) sync.timeUpdate(i, 60);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sends).toHaveLength(0);

    sync.timeUpdate(5, 60);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sends).toHaveLength(0);
    sync.timeUpdate(6, 60);
    await vi.advanceTimersByTimeAsync(1);
    expect(sends).toEqual([{ progress: { watchedDuration: 6, completed: false }, keepalive: false }]);

    expect(onSent).not.toHaveBeenCalled();
    await answerAll();
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('keeps sending every 2 s during continuous playback (the wait is capped, not reset)', async () => {
    const { sync, sends, answerAll } = setup();
    // timeupdate about every 250 ms for 6 s: 24 updates, a send scheduled every 5th.
    for (let i = 1; i <= 24; i++) {
      sync.timeUpdate(i * 0.25, 60);
      await vi.advanceTimersByTimeAsync(250);
      await answerAll();
    }
    expect(sends.length).toBeGreaterThanOrEqual(2);
    expect(sends.length).toBeLessThanOrEqual(3);
    const positions = sends.map((send) => send.progress.watchedDuration);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('coalesces several 5th updates inside one window into one send', async () => {
    const { sync, sends } = setup();
    for (let i = 1; i <= 15; i++) sync.timeUpdate(i, 60);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sends).toEqual([{ progress: { watchedDuration: 15, completed: false }, keepalive: false }]);
  });

  it('on end: watched = duration, completed, sent at once, pending send cancelled', async () => {
    const store = memoryStore();
    const { sync, sends, onSent, answerAll } = setup({ store });
    for (let i = 1; i <= 5; i++) sync.timeUpdate(i, 7.04);
    sync.ended(7.04);
    expect(sends).toEqual([{ progress: { watchedDuration: 7.04, completed: true }, keepalive: false }]);
    expect(store.read()).toEqual({ watchedDuration: 7.04, completed: true, updatedAt: 1_000 });
    await answerAll();
    expect(onSent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sends).toHaveLength(1);
  });

  it('keeps completion when the lecture is watched again', async () => {
    const { sync, sends } = setup({
      store: memoryStore({ watchedDuration: 10, completed: true, updatedAt: 1 }),
    });
    for (let i = 1; i <= 5; i++) sync.timeUpdate(i, 10);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sends[0]?.progress).toEqual({ watchedDuration: 5, completed: true });
  });

  it('sends the completion right after a send that is still in flight', async () => {
    const { sync, sends, answerAll } = setup();
    for (let i = 1; i <= 5; i++) sync.timeUpdate(i, 10);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sends).toHaveLength(1);
    sync.ended(10);
    expect(sends).toHaveLength(1);
    await answerAll();
    expect(sends.at(-1)).toEqual({ progress: { watchedDuration: 10, completed: true }, keepalive: false });
  });

  it('flushes unsent progress (keepalive on page hide) and nothing when the server is up to date', async () => {
    const { sync, sends, answerAll } = setup();
    sync.flush({ keepalive: true });
    expect(sends).toHaveLength(0);
    sync.timeUpdate(3, 10);
    sync.flush({ keepalive: true });
    expect(sends).toEqual([{ progress: { watchedDuration: 3, completed: false }, keepalive: true }]);
    await answerAll();
    sync.flush();
    expect(sends).toHaveLength(1);
  });

  it('cancels the pending timer when flushing, and ignores calls after dispose', async () => {
    const { sync, sends } = setup();
    for (let i = 1; i <= 5; i++) sync.timeUpdate(i, 10);
    sync.dispose();
    expect(sends).toEqual([{ progress: { watchedDuration: 5, completed: false }, keepalive: false }]);
    await vi.advanceTimersByTimeAsync(5_000);
    sync.timeUpdate(6, 10);
    sync.ended(10);
    expect(sends).toHaveLength(1);
  });

  it('retries a failed send with the next one and does not call onSent', async () => {
    const { sync, sends, onSent, answerAll } = setup({ failSends: true });
    sync.timeUpdate(2, 10);
    sync.flush();
    await answerAll();
    expect(onSent).not.toHaveBeenCalled();
    sync.flush();
    expect(sends).toHaveLength(2);
  });

  it('reports the position at once when playback starts (the server credits watch time from it)', () => {
    const { sync, sends } = setup();
    sync.start(42.5, 60);
    expect(sends).toEqual([{ progress: { watchedDuration: 42.5, completed: false }, keepalive: false }]);
  });

  it('drops a completion the server refuses and sends the position only from then on', async () => {
    const store = memoryStore();
    const sends: LectureProgressValue[] = [];
    const refused = new Error('refused');
    const sync = createProgressSync({
      store,
      now: () => 1_000,
      isCompletionRefused: (error) => error === refused,
      send: (progress) => {
        sends.push(progress);
        return progress.completed ? Promise.reject(refused) : Promise.resolve();
      },
    });
    sync.start(0, 60);
    sync.ended(60);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.read()).toEqual({ watchedDuration: 60, completed: false, updatedAt: 1_000 });
    for (let i = 1; i <= 5; i++) sync.timeUpdate(i, 60);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sends).toEqual([
      { watchedDuration: 0, completed: false },
      { watchedDuration: 60, completed: true },
      { watchedDuration: 5, completed: false },
    ]);
  });

  it('keeps the completion when a send fails for another reason (offline)', async () => {
    const store = memoryStore();
    const sync = createProgressSync({
      store,
      now: () => 1_000,
      isCompletionRefused: () => false,
      send: () => Promise.reject(new Error('offline')),
    });
    sync.ended(60);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.read()).toEqual({ watchedDuration: 60, completed: true, updatedAt: 1_000 });
  });
});

describe('resumePosition', () => {
  it('takes the larger known position', () => {
    expect(resumePosition([12.5, 30], 100)).toBe(30);
    expect(resumePosition([40, null], 100)).toBe(40);
    expect(resumePosition([undefined, 8], 100)).toBe(8);
    expect(resumePosition([null, undefined], 100)).toBe(0);
  });

  it('starts over when the position is within a second of the end', () => {
    expect(resumePosition([99.2], 100)).toBe(0);
    expect(resumePosition([100], 100)).toBe(0);
    expect(resumePosition([98.9], 100)).toBe(98.9);
  });

  it('keeps the position when the duration is unknown', () => {
    expect(resumePosition([42], Number.NaN)).toBe(42);
  });
});

describe('webStorageProgressStore', () => {
  it('scopes entries by user and lecture and survives bad data', () => {
    const key = progressStorageKey('user-1', 'lecture-9');
    expect(key).toBe('lectio:progress:user-1:lecture-9');
    const store = webStorageProgressStore(key);
    expect(store.read()).toBeNull();
    store.write({ watchedDuration: 4.5, completed: false, updatedAt: 7 });
    expect(JSON.parse(window.localStorage.getItem(key) ?? 'null')).toEqual({
      watchedDuration: 4.5,
      completed: false,
      updatedAt: 7,
    });
    expect(store.read()).toEqual({ watchedDuration: 4.5, completed: false, updatedAt: 7 });
    window.localStorage.setItem(key, '{not json');
    expect(store.read()).toBeNull();
    window.localStorage.setItem(key, JSON.stringify({ watchedDuration: 'x' }));
    expect(store.read()).toBeNull();
  });
});
