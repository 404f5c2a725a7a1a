/**
 * Lectures of a course ({base}/create-lecture/{courseId}, spec sections 2, 4, 5 and 8): add a lecture
 * (title required, video files only, upload progress on the button) and the course's lectures in order,
 * each with Up/Down (saved at once through the reorder call), Edit and Delete. Only an admin or the course's instructor gets past the permission check.
 */
import { createLectureRequestSchema, type Lecture } from '@lectio/contracts/lecture';
import { CONFIRMATIONS, COURSE_MESSAGES, LECTURE_MESSAGES } from '@lectio/contracts/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ChangeEvent, type FormEvent, type ReactNode, useRef, useState } from 'react';
import { FormField } from '~/components/ui/form/FormField';
import {
  actionClassName,
  errorTextClassName,
  panelClassName,
  primaryActionClassName,
} from '~/components/ui/ui-classes';
import { lectureDurationLabel } from '~/features/catalog/course-format';
import { courseQuery } from '~/features/catalog/course-queries';
import { failureDetails, serverMessageOr } from '~/features/catalog/error-text';
import { GoBackButton } from '~/features/catalog/GoBackButton';
import { errorMessage } from '~/lib/api-errors';
import { updateCourseLink, updateLectureLink } from '~/lib/links';
import { useSession } from '~/lib/session';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { courseLecturesQuery, invalidateLectures } from './course-admin-queries';
import { COURSE_ADMIN_TEXT } from './course-admin-text';
import { canManageCourse } from './edit-permissions';
import { LectureFields } from './LectureFields';
import { attachLectureVideo } from './lecture-video';
import { useManagingBase } from './navigation-state';
import { isVideoFile } from './upload';

export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <div className="h-full bg-indigo-600" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** The video input's change: the file when it is a video, else the message and a cleared input. */
export function pickVideo(event: ChangeEvent<HTMLInputElement>): { file: File | null; error: string | null } {
  const file = event.target.files?.[0] ?? null;
  if (file && !isVideoFile(file)) {
    event.target.value = '';
    return { file: null, error: COURSE_ADMIN_TEXT.videoOnly };
  }
  return { file, error: null };
}

export const fileInputClassName =
  'block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-600 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-indigo-700 dark:text-slate-200';

function AddLectureForm({ courseId }: { courseId: string }) {
  const queryClient = useQueryClient();
  const create = useMutation(trpc.lectures.create.mutationOptions());
  const fileInput = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [isPreview, setIsPreview] = useState(false);
  const [video, setVideo] = useState<File | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [videoError, setVideoError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'idle' | 'saving' | 'uploading'>('idle');
  const [progress, setProgress] = useState(0);

  function reset() {
    setTitle('');
    setDescription('');
    setIsPreview(false);
    setVideo(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase !== 'idle') return;
    // The contract's title rule (required, trimmed) and message; the server checks the rest.
    const checkedTitle = createLectureRequestSchema.shape.title.safeParse(title);
    if (!checkedTitle.success) {
      setTitleError(checkedTitle.error.issues[0]?.message ?? null);
      return;
    }
    setTitleError(null);
    setPhase('saving');
    let created: Lecture;
    let message: string | undefined;
    try {
      const response = await create.mutateAsync({
        title: checkedTitle.data,
        courseId,
        isPreview,
        ...(description.trim() ? { description } : {}),
      });
      created = response.data.lecture;
      message = response.message;
      // The new lecture joins the cached list at once (spec section 7), before any refetch.
      queryClient.setQueryData(trpc.lectures.list.queryKey({ id: courseId }), (current) =>
        current ? { ...current, videos: [...current.videos, created] } : current,
      );
    } catch (error) {
      toast.error(serverMessageOr(error, LECTURE_MESSAGES.createFailed));
      setPhase('idle');
      return;
    }

    if (video) {
      setProgress(0);
      setPhase('uploading');
      try {
        await attachLectureVideo(created, video, setProgress);
      } catch (error) {
        const { status, message: failure } = failureDetails(error, COURSE_MESSAGES.updateFailedUnknown);
        toast.error(COURSE_ADMIN_TEXT.uploadFailed(status, failure));
        setPhase('idle');
        reset();
        await invalidateLectures(queryClient);
        return;
      }
    }
    toast.success(message || LECTURE_MESSAGES.created);
    setPhase('idle');
    reset();
    await invalidateLectures(queryClient);
  }

  const buttonText =
    phase === 'uploading'
      ? COURSE_ADMIN_TEXT.uploadingLecture(progress)
      : phase === 'saving'
        ? COURSE_ADMIN_TEXT.savingLecture
        : COURSE_ADMIN_TEXT.addLecture;

  return (
    <form noValidate onSubmit={submit} className={`${panelClassName} space-y-4`} aria-busy={phase !== 'idle'}>
      <h2 className="text-lg font-semibold">{COURSE_ADMIN_TEXT.addLecture}</h2>
      <fieldset disabled={phase !== 'idle'} className="space-y-4">
        <LectureFields
          title={title}
          onTitleChange={(value) => {
            setTitle(value);
            if (value.trim()) setTitleError(null);
          }}
          titleError={titleError}
          description={description}
          onDescriptionChange={setDescription}
          descriptionRows={3}
          isPreview={isPreview}
          onIsPreviewChange={setIsPreview}
        />
        <FormField
          id="lecture-video"
          label={COURSE_ADMIN_TEXT.lectureVideo}
          hint={COURSE_ADMIN_TEXT.lectureVideoHint}
          error={videoError ?? undefined}
        >
          {(control) => (
            <input
              {...control}
              ref={fileInput}
              type="file"
              accept="video/*"
              onChange={(event) => {
                const picked = pickVideo(event);
                setVideo(picked.file);
                setVideoError(picked.error);
              }}
              className={fileInputClassName}
            />
          )}
        </FormField>
      </fieldset>
      <div className="space-y-2">
        <button type="submit" disabled={phase !== 'idle'} className={primaryActionClassName}>
          {buttonText}
        </button>
        {phase === 'uploading' ? (
          <UploadProgress percent={progress} label={COURSE_ADMIN_TEXT.lectureUploadProgress} />
        ) : null}
      </div>
    </form>
  );
}

interface LectureRowProps {
  lecture: Lecture;
  position: number;
  /** Moves this lecture one place up (-1) or down (+1); undefined where it can't move that way. */
  onMoveUp?: () => void;
  onMoveDown?: () => void;
  moving: boolean;
}

function LectureRow({ lecture, position, onMoveUp, onMoveDown, moving }: LectureRowProps) {
  const base = useManagingBase();
  const queryClient = useQueryClient();
  const deletion = useMutation(trpc.lectures.delete.mutationOptions());
  const [deleting, setDeleting] = useState(false);
  const hasVideo = Boolean(lecture.videoUrl || lecture.thumbnail.secure_url);

  async function remove() {
    if (deleting || !window.confirm(CONFIRMATIONS.deleteLecture(lecture.title))) return;
    setDeleting(true);
    try {
      await deletion.mutateAsync({ id: lecture._id });
      toast.success(LECTURE_MESSAGES.deleted);
      await invalidateLectures(queryClient);
    } catch (error) {
      toast.error(serverMessageOr(error, LECTURE_MESSAGES.deleteFailed));
      setDeleting(false);
    }
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-lecture-id={lecture._id}>
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium">
          <span className="mr-2 text-slate-600 dark:text-slate-400">{position}.</span>
          {lecture.title}
          {lecture.isPreview ? (
            <span className="ml-2 rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
              {COURSE_ADMIN_TEXT.lectureIsPreview}
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {hasVideo ? COURSE_ADMIN_TEXT.hasVideo : COURSE_ADMIN_TEXT.noVideo} ·{' '}
          {lectureDurationLabel(lecture)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onMoveUp}
          disabled={!onMoveUp || moving}
          className={actionClassName('secondary', 'small')}
        >
          <span aria-hidden="true">↑</span>
          <span className="sr-only">{COURSE_ADMIN_TEXT.moveUp(lecture.title)}</span>
        </button>
        <button
          type="button"
          onClick={onMoveDown}
          disabled={!onMoveDown || moving}
          className={actionClassName('secondary', 'small')}
        >
          <span aria-hidden="true">↓</span>
          <span className="sr-only">{COURSE_ADMIN_TEXT.moveDown(lecture.title)}</span>
        </button>
        <Link
          {...updateLectureLink(base, lecture._id)}
          aria-label={COURSE_ADMIN_TEXT.editLecture(lecture.title)}
          className={actionClassName('secondary', 'small')}
        >
          {COURSE_ADMIN_TEXT.edit}
        </Link>
        <button
          type="button"
          onClick={() => void remove()}
          disabled={deleting}
          aria-label={COURSE_ADMIN_TEXT.deleteLecture(lecture.title)}
          className={actionClassName('dangerOutline', 'small')}
        >
          {COURSE_ADMIN_TEXT.delete}
        </button>
      </div>
    </li>
  );
}

function LectureList({ courseId }: { courseId: string }) {
  const queryClient = useQueryClient();
  const lectures = useQuery(courseLecturesQuery(courseId));
  const reorder = useMutation(trpc.lectures.reorder.mutationOptions());
  const [moving, setMoving] = useState(false);

  async function move(ordered: Lecture[], index: number, delta: -1 | 1) {
    const target = index + delta;
    if (moving || target < 0 || target >= ordered.length) return;
    const ids = ordered.map((lecture) => lecture._id);
    [ids[index], ids[target]] = [ids[target] as string, ids[index] as string];
    setMoving(true);
    try {
      const reordered = await reorder.mutateAsync({ courseId, lectureIds: ids });
      queryClient.setQueryData(trpc.lectures.list.queryKey({ id: courseId }), reordered);
      toast.success(COURSE_ADMIN_TEXT.lecturesReordered);
      await invalidateLectures(queryClient);
    } catch (error) {
      toast.error(serverMessageOr(error, COURSE_ADMIN_TEXT.reorderFailed));
    } finally {
      setMoving(false);
    }
  }

  const ordered = lectures.data ? [...lectures.data].sort((a, b) => a.order - b.order) : [];
  return (
    <section aria-labelledby="lecture-list-title" className={panelClassName}>
      <h2 id="lecture-list-title" className="mb-2 text-lg font-semibold">
        {COURSE_ADMIN_TEXT.lectureList}
      </h2>
      {lectures.isPending ? (
        <p role="status">{COURSE_ADMIN_TEXT.loadingLectures}</p>
      ) : lectures.isError ? (
        <p role="alert" className={errorTextClassName}>
          {LECTURE_MESSAGES.loadError(errorMessage(lectures.error))}
        </p>
      ) : ordered.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{COURSE_ADMIN_TEXT.noLectures}</p>
      ) : (
        <ol className="divide-y divide-slate-200 dark:divide-slate-700">
          {ordered.map((lecture, index) => (
            <LectureRow
              key={lecture._id}
              lecture={lecture}
              position={index + 1}
              moving={moving}
              {...(index > 0 ? { onMoveUp: () => void move(ordered, index, -1) } : {})}
              {...(index < ordered.length - 1 ? { onMoveDown: () => void move(ordered, index, 1) } : {})}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

export function LecturesScreen({ courseId }: { courseId: string }) {
  const { user } = useSession();
  const base = useManagingBase();
  const course = useQuery({ ...courseQuery(courseId), enabled: Boolean(courseId) });

  let body: ReactNode;
  if (!courseId) {
    body = (
      <p role="alert" className={errorTextClassName}>
        {COURSE_MESSAGES.missingCourseId}
      </p>
    );
  } else if (course.isPending) {
    body = <p role="status">{COURSE_ADMIN_TEXT.loadingCourse}</p>;
  } else if (course.isError) {
    body = (
      <div role="alert" className="space-y-1">
        <p className="font-semibold text-red-700 dark:text-red-400">{COURSE_MESSAGES.loadFailed}</p>
        <p className="text-sm">{errorMessage(course.error)}</p>
      </div>
    );
  } else if (!canManageCourse(user, course.data)) {
    body = (
      <p role="alert" className="font-medium text-amber-900 dark:text-amber-200">
        {COURSE_MESSAGES.noLecturePermission}
      </p>
    );
  } else {
    body = (
      <>
        <AddLectureForm courseId={courseId} />
        <LectureList courseId={courseId} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <GoBackButton />
        {course.data && canManageCourse(user, course.data) ? (
          <Link
            {...updateCourseLink(base, courseId)}
            state={(previous) => ({ ...previous, courseName: course.data.title })}
            className={actionClassName('secondary', 'small')}
          >
            {COURSE_ADMIN_TEXT.backToCourse}
          </Link>
        ) : null}
      </div>
      <div>
        <h1 className="text-2xl font-semibold">{COURSE_ADMIN_TEXT.lecturesTitle}</h1>
        {course.data ? (
          <p className="text-slate-700 dark:text-slate-300">
            {COURSE_ADMIN_TEXT.lecturesFor(course.data.title)}
          </p>
        ) : null}
      </div>
      {body}
    </div>
  );
}
