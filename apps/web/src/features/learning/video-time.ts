/**
 * A video lesson's current time, as the notes (decision 0087) and the questions (decision 0088) take it:
 * the player's position in whole seconds, within the lesson's recorded length.
 */
import type { Lecture } from '@lectio/contracts/lecture';
import { useEffect, useState } from 'react';

/** The video's position in whole seconds, kept up to date while it plays or seeks. */
export function useVideoSeconds(video: HTMLVideoElement | null): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!video) return;
    const update = () => setSeconds(Math.floor(video.currentTime));
    update();
    const listening = new AbortController();
    for (const event of ['timeupdate', 'seeked', 'loadedmetadata']) {
      video.addEventListener(event, update, { signal: listening.signal });
    }
    return () => listening.abort();
  }, [video]);
  return seconds;
}

/** A video's position as a note's or a question's time: within the lesson's length, when it is known. */
export function withinLesson(lecture: Lecture, seconds: number): number {
  return lecture.duration > 0 ? Math.min(seconds, lecture.duration) : seconds;
}

/** The time a note or a question on this lesson gets now: null off a video (or with no player yet). */
export function useLessonTime(lecture: Lecture | null, video: HTMLVideoElement | null): number | null {
  const timed = lecture !== null && lecture.kind === 'video' && video !== null;
  const current = useVideoSeconds(timed ? video : null);
  return timed ? withinLesson(lecture, current) : null;
}

/** A note's or a question's time, a button or a link that seeks the video. */
export const timeClassName =
  'shrink-0 rounded bg-indigo-50 px-2 py-0.5 font-mono text-sm font-semibold text-indigo-800 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:bg-indigo-950 dark:text-indigo-200 dark:hover:bg-indigo-900';
