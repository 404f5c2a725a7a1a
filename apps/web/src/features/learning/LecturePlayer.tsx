/**
 * The lecture player at {base}/course/{id}/lecture/{lectureId} (spec sections 2, 4 and 8): the video, the
 * course's lectures with locked ones marked, and the course progress bar. States: 'No courseId found in
 * URL', 'Failed to load course', 'Error: {message}' (the lecture is not in the course), 'This lecture is
 * locked' with 'Enroll to Unlock' (no URL and no full access), 'This lecture is not published yet...' (no
 * URL with full access). An article lesson shows its reading view instead of the video (ArticleLesson,
 * decision 0080). Progress is tracked only for users holding `track_progress`. Under the lesson, whoever may
 * keep notes on it has their notes (LessonNotes, decision 0087) and its Q&A (QuestionsPanel, decision
 * 0088, `?question=` opens a thread); `startAt` (`?t=`) starts the video there.
 */
import type { Course } from '@lectio/contracts/course';
import type { Lecture } from '@lectio/contracts/lecture';
import { COURSE_MESSAGES, LECTURE_MESSAGES } from '@lectio/contracts/messages';
import { can } from '@lectio/contracts/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { actionClassName, panelClassName } from '~/components/ui/ui-classes';
import { checkoutLink, courseLink, lectureLink, type SectionBase, sectionBase } from '~/lib/links';
import { useSession } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { courseQuery, curriculumQuery } from '../catalog/course-queries';
import { GoBackButton } from '../catalog/GoBackButton';
import { CourseCertificateNotice } from '../certificates/CourseCertificateNotice';
import { QuestionsPanel } from '../questions/QuestionsPanel';
import { ArticleLesson } from './ArticleLesson';
import { CourseProgressBar } from './CourseProgressBar';
import { LectureSidebar } from './LectureSidebar';
import { LessonNotes } from './LessonNotes';
import { LessonResources } from './LessonResources';
import { LEARNING_TEXT } from './learning-text';
import { inCourseOrder } from './lecture-paths';
import { courseProgressQuery } from './progress-api';
import { QuizLesson } from './QuizLesson';
import { useProgressSync } from './use-progress-sync';

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-4">
      <GoBackButton />
      {children}
    </div>
  );
}

function Problem({ children }: { children: ReactNode }) {
  return (
    <Frame>
      <p role="alert" className="text-lg font-semibold text-red-700 dark:text-red-400">
        {children}
      </p>
    </Frame>
  );
}

/**
 * The URL a lecture first played with. The course query hands out short-lived signed URLs and a refetch
 * brings new ones; swapping `src` would restart the video, so a lecture keeps its first URL.
 */
function useStableUrl(lectureId: string, url: string | null): string | null {
  const urls = useRef(new Map<string, string>());
  if (!url) return urls.current.get(lectureId) ?? null;
  const kept = urls.current.get(lectureId);
  if (kept) return kept;
  urls.current.set(lectureId, url);
  return url;
}

function LectureVideo({
  lecture,
  src,
  tracking,
  userId,
  courseId,
  serverPosition,
  startAt,
  video,
  onElement,
}: {
  lecture: Lecture;
  src: string;
  tracking: boolean;
  userId: string;
  courseId: string;
  serverPosition: number | null;
  startAt: number | null;
  /** The player's video element (its state: the notes seek it too), and where the element reports itself. */
  video: HTMLVideoElement | null;
  onElement: (video: HTMLVideoElement | null) => void;
}) {
  const client = useQueryClient();
  useStartAt(video, startAt);
  useProgressSync({
    video,
    enabled: tracking,
    userId,
    lectureId: lecture._id,
    serverPosition,
    startAt,
    onSent: () => {
      void client.invalidateQueries(trpc.progress.course.queryFilter({ courseId }));
      // My courses shows each course's progress: it refetches the next time it opens.
      void client.invalidateQueries({ ...trpc.courses.mine.queryFilter(), refetchType: 'none' });
    },
  });
  return (
    // biome-ignore lint/a11y/useMediaCaption: instructors upload the clips; no caption tracks exist yet.
    <video
      ref={onElement}
      controls
      playsInline
      preload="metadata"
      src={src}
      aria-label={LEARNING_TEXT.videoLabel(lecture.title)}
      className="aspect-video w-full rounded-lg bg-black"
    />
  );
}

/** Starts the video at `startAt` (a note's time) once it knows its length, and again when it changes. */
function useStartAt(video: HTMLVideoElement | null, startAt: number | null): void {
  useEffect(() => {
    if (!video || startAt === null) return;
    const seek = () => {
      video.currentTime = startAt;
    };
    if (video.readyState >= 1) {
      seek();
      return;
    }
    video.addEventListener('loadedmetadata', seek, { once: true });
    return () => video.removeEventListener('loadedmetadata', seek);
  }, [video, startAt]);
}

/** What the video's frame shows when there is no video to play: a locked lecture, one not published yet. */
function StageNotice({ children }: { children: ReactNode }) {
  return (
    <div className="flex aspect-video flex-col items-center justify-center gap-4 rounded-lg border border-slate-300 bg-slate-100 p-6 text-center dark:border-slate-700 dark:bg-slate-800">
      {children}
    </div>
  );
}

/** A lesson the viewer may not open: 'This lecture is locked' and the way to enroll. */
function LockedNotice({ base, courseId }: { base: SectionBase; courseId: string }) {
  return (
    <StageNotice>
      <p className="text-lg font-semibold">{LECTURE_MESSAGES.locked}</p>
      <Link {...checkoutLink(base, courseId)} className={actionClassName('primary')}>
        {LECTURE_MESSAGES.enrollToUnlock}
      </Link>
    </StageNotice>
  );
}

function LectureStage({
  base,
  course,
  lecture,
  src,
  tracking,
  userId,
  serverPosition,
  ready,
  startAt,
  video,
  onElement,
}: {
  base: SectionBase;
  course: Course;
  lecture: Lecture;
  src: string | null;
  tracking: boolean;
  userId: string;
  serverPosition: number | null;
  ready: boolean;
  startAt: number | null;
  video: HTMLVideoElement | null;
  onElement: (video: HTMLVideoElement | null) => void;
}) {
  if (!src && !course.canAccessAll) return <LockedNotice base={base} courseId={course._id} />;
  if (!src) {
    return (
      <StageNotice>
        <p role="status" className="text-lg font-semibold">
          {LECTURE_MESSAGES.notPublishedYet}
        </p>
      </StageNotice>
    );
  }
  // Wait for the server's position before the metadata can arrive, so resuming considers it.
  if (!ready) {
    return (
      <div className="flex aspect-video items-center justify-center rounded-lg bg-black text-slate-200">
        <p role="status">{LEARNING_TEXT.loadingCourse}</p>
      </div>
    );
  }
  return (
    <LectureVideo
      key={lecture._id}
      lecture={lecture}
      src={src}
      tracking={tracking}
      userId={userId}
      courseId={course._id}
      serverPosition={serverPosition}
      startAt={startAt}
      video={video}
      onElement={onElement}
    />
  );
}

/** Links to the lectures before and after this one in the curriculum, each named with its title. */
function LessonNavigation({
  base,
  courseId,
  previous,
  next,
}: {
  base: SectionBase;
  courseId: string;
  previous: Lecture | undefined;
  next: Lecture | undefined;
}) {
  if (!previous && !next) return null;
  const link = (lecture: Lecture, word: string, align: string) => (
    <Link
      {...lectureLink(base, courseId, lecture._id)}
      className={`${actionClassName('secondary')} min-w-0 flex-col ${align}`}
    >
      <span className="text-xs font-normal text-slate-600 dark:text-slate-400">{word}</span>
      <span className="block w-full truncate">{lecture.title}</span>
    </Link>
  );
  return (
    <nav aria-label={LEARNING_TEXT.lessonNavigation} className="grid grid-cols-2 gap-3">
      {previous ? link(previous, LEARNING_TEXT.previous, 'items-start text-left') : <span />}
      {next ? link(next, LEARNING_TEXT.next, 'col-start-2 items-end text-right') : null}
    </nav>
  );
}

export function LecturePlayer({
  courseId,
  lectureId,
  startAt = null,
  questionId = null,
}: {
  courseId: string;
  lectureId: string;
  /** Where the video starts (`?t=`, a note's time), instead of where the learner left it. */
  startAt?: number | null;
  /** The Q&A thread that opens (`?question=`, a notification's link). */
  questionId?: string | null;
}) {
  const { user } = useSession();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const base = sectionBase(user?.role);
  const hasCourseId = courseId.trim() !== '';
  const course = useQuery({ ...courseQuery(courseId), enabled: hasCourseId });
  const curriculum = useQuery({ ...curriculumQuery(courseId), enabled: hasCourseId });
  const tracking = hasCourseId && user !== null && can(user, 'track_progress');
  const progress = useQuery({ ...courseProgressQuery(courseId), enabled: tracking && course.isSuccess });

  const lectures = useMemo(() => inCourseOrder(course.data?.videos ?? []), [course.data]);
  const lecture = lectures.find((item) => item._id === lectureId) ?? null;
  const src = useStableUrl(lectureId, lecture?.videoUrl ?? null);
  const completed = useMemo(
    () =>
      new Set((progress.data?.lectures ?? []).filter((item) => item.completed).map((item) => item.lectureId)),
    [progress.data],
  );

  if (!hasCourseId) return <Problem>{COURSE_MESSAGES.missingCourseId}</Problem>;
  if (course.isPending) {
    return (
      <Frame>
        <p role="status" className="text-slate-700 dark:text-slate-300">
          {LEARNING_TEXT.loadingCourse}
        </p>
      </Frame>
    );
  }
  if (course.isError) return <Problem>{COURSE_MESSAGES.loadFailed}</Problem>;
  if (!lecture) return <Problem>{LECTURE_MESSAGES.loadError(LECTURE_MESSAGES.lectureNotFound)}</Problem>;

  const data = course.data;
  const position = lectures.indexOf(lecture) + 1;
  const serverPosition =
    progress.data?.lectures.find((item) => item.lectureId === lecture._id)?.watchedDuration ?? null;
  // Without tracking there is nothing to wait for; a failed progress read must not block playback.
  const ready = !tracking || progress.isFetched || progress.isError;
  const percentage = progress.data?.completionPercentage ?? data.progress;

  return (
    <Frame>
      <header className="space-y-1">
        <p className="text-sm font-medium text-indigo-700 dark:text-indigo-300">
          <Link {...courseLink(base, data._id)} className="hover:underline">
            {data.title}
          </Link>
          <span className="text-slate-600 dark:text-slate-400">
            {' '}
            · {LEARNING_TEXT.lectureOf(position, lectures.length)}
          </span>
        </p>
        <h1 className="text-2xl font-semibold">{lecture.title}</h1>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label={lecture.title} className="min-w-0 space-y-4">
          {lecture.kind === 'article' ? (
            lecture.isLocked ? (
              <LockedNotice base={base} courseId={data._id} />
            ) : (
              <ArticleLesson
                key={lecture._id}
                lecture={lecture}
                tracking={tracking}
                completed={completed.has(lecture._id)}
              />
            )
          ) : lecture.kind === 'quiz' ? (
            <QuizLesson courseId={data._id} lectureId={lecture._id} signedIn={tracking} />
          ) : (
            <LectureStage
              base={base}
              course={data}
              lecture={lecture}
              src={src}
              tracking={tracking}
              userId={user?._id ?? ''}
              serverPosition={serverPosition}
              ready={ready}
              startAt={startAt}
              video={video}
              onElement={setVideo}
            />
          )}
          {lecture.description.trim() ? (
            <p className="whitespace-pre-line text-slate-800 dark:text-slate-200">{lecture.description}</p>
          ) : null}
          <LessonResources lectureId={lecture._id} locked={lecture.isLocked} />
          {user && data.canAccessAll && !lecture.isLocked ? (
            <>
              <LessonNotes
                base={base}
                courseId={data._id}
                courseTitle={data.title}
                lecture={lecture}
                video={lecture.kind === 'video' ? video : null}
              />
              <QuestionsPanel
                key={lecture._id}
                base={base}
                courseId={data._id}
                lecture={lecture}
                video={lecture.kind === 'video' ? video : null}
                questionId={questionId}
              />
            </>
          ) : null}
          <LessonNavigation
            base={base}
            courseId={data._id}
            previous={lectures[position - 2]}
            next={lectures[position]}
          />
        </section>
        <div className={`${panelClassName} space-y-4 self-start`}>
          {tracking && typeof percentage === 'number' ? <CourseProgressBar percentage={percentage} /> : null}
          {tracking && percentage === 100 ? <CourseCertificateNotice courseId={data._id} /> : null}
          <LectureSidebar
            base={base}
            courseId={data._id}
            lectures={lectures}
            sections={curriculum.data?.sections}
            currentLectureId={lecture._id}
            completedLectureIds={completed}
          />
        </div>
      </div>
    </Frame>
  );
}
