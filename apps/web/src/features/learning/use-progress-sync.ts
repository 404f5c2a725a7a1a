/**
 * Connects a <video> element to the progress bookkeeping in progress-sync.ts: time updates, the end,
 * resuming on `loadedmetadata`, and flushing on page hide (with fetch keepalive) and on unmount. Does
 * nothing while `enabled` is false (users without `track_progress`: the video simply plays).
 */
import { useEffect, useRef } from 'react';
import { serverFailure } from '~/lib/api-errors';
import { recordProgress, recordProgressKeepalive } from './progress-api';
import {
  createProgressSync,
  progressStorageKey,
  resumePosition,
  webStorageProgressStore,
} from './progress-sync';

export interface UseProgressSyncOptions {
  video: HTMLVideoElement | null;
  enabled: boolean;
  userId: string;
  lectureId: string;
  /** The server's position for this lecture, if it has one (read when the metadata arrives). */
  serverPosition: number | null;
  /** After each successful send (the player refetches the course progress). */
  onSent: () => void;
  /** A position asked for (`?t=`, a note's time): the video starts there, so it does not resume. */
  startAt?: number | null;
}

const HAVE_METADATA = 1;

export function useProgressSync({
  video,
  enabled,
  userId,
  lectureId,
  serverPosition,
  onSent,
  startAt = null,
}: UseProgressSyncOptions) {
  const serverPositionRef = useRef(serverPosition);
  serverPositionRef.current = serverPosition;
  const onSentRef = useRef(onSent);
  onSentRef.current = onSent;
  const startAtRef = useRef(startAt);
  startAtRef.current = startAt;

  useEffect(() => {
    if (!enabled || !video) return;
    const store = webStorageProgressStore(progressStorageKey(userId, lectureId));
    const localPosition = store.read()?.watchedDuration ?? null;
    const sync = createProgressSync({
      store,
      send: (progress, { keepalive }) =>
        keepalive ? recordProgressKeepalive(lectureId, progress) : recordProgress(lectureId, progress),
      onSent: () => onSentRef.current(),
      isCompletionRefused: (error) => serverFailure(error)?.status === 400,
    });

    let resumed = false;
    const resume = () => {
      if (resumed) return;
      resumed = true;
      if (startAtRef.current !== null) return;
      const position = resumePosition([localPosition, serverPositionRef.current], video.duration);
      if (position > 0) video.currentTime = position;
    };
    const onPlaying = () => sync.start(video.currentTime, video.duration);
    const onTimeUpdate = () => sync.timeUpdate(video.currentTime, video.duration);
    const onEnded = () => sync.ended(video.duration);
    const onPageHide = () => sync.flush({ keepalive: true });
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') sync.flush({ keepalive: true });
    };

    // One signal removes every listener below when the effect ends.
    const listening = new AbortController();
    const { signal } = listening;
    video.addEventListener('loadedmetadata', resume, { signal });
    video.addEventListener('playing', onPlaying, { signal });
    video.addEventListener('timeupdate', onTimeUpdate, { signal });
    video.addEventListener('ended', onEnded, { signal });
    window.addEventListener('pagehide', onPageHide, { signal });
    document.addEventListener('visibilitychange', onVisibilityChange, { signal });
    if (video.readyState >= HAVE_METADATA) resume();

    return () => {
      listening.abort();
      sync.dispose();
    };
  }, [enabled, video, userId, lectureId]);
}
