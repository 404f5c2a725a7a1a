/**
 * Lectures of a course ({base}/create-lecture/{courseId}, spec sections 2, 4, 5 and 8): add a lecture
 * (title required, video files only, upload progress on the button) and the course's lectures in order,
 * each with Up/Down (saved at once through the reorder call), Edit and Delete. Only an admin or the course's instructor gets past the permission check.
 */
import type { Lecture } from '@lectio/contracts/lecture';
import { CONFIRMATIONS, COURSE_MESSAGES, LECTURE_MESSAGES } from '@lectio/contracts/messages';
import { useStore } from '@tanstack/react-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useRef, useState } from 'react';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
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
import {
  LECTURE_DEFAULTS,
  LECTURE_FIELDS,
  LectureFields,
  LectureVideoField,
  lectureSubmitText,
  newLectureSchema,
} from './LectureFields';
import { attachLectureVideo } from './lecture-video';
import { MoveButton } from './MoveButton';
import { useManagingBase } from './navigation-state';
import { UploadProgress } from './UploadProgress';

function AddLectureForm({ courseId }: { courseId: string }) {
  const queryClient = useQueryClient();
  const create = useMutation(trpc.lectures.create.mutationOptions());
  const videoInput = useRef<HTMLInputElement>(null);
  const [video, setVideo] = useState<File | null>(null);
  /** The video's upload progress while it uploads. */
  const [uploaded, setUploaded] = useState<number | null>(null);

  const form = useAppForm({
    ...schemaForm(newLectureSchema, LECTURE_DEFAULTS),
    onSubmit: async ({ value, formApi }) => {
      const { title, description, isPreview } = newLectureSchema.parse(value);
      let created: Lecture;
      let message: string | undefined;
      try {
        const response = await create.mutateAsync({
          title,
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
        if (applyServerErrors(formApi, error) !== null) {
          toast.error(serverMessageOr(error, LECTURE_MESSAGES.createFailed));
        }
        return;
      }

      // The lecture exists from here on: the form empties whether or not its video uploads.
      try {
        if (video) {
          setUploaded(0);
          await attachLectureVideo(created, video, setUploaded);
        }
        toast.success(message || LECTURE_MESSAGES.created);
      } catch (error) {
        const { status, message: failure } = failureDetails(error, COURSE_MESSAGES.updateFailedUnknown);
        toast.error(COURSE_ADMIN_TEXT.uploadFailed(status, failure));
      }
      setUploaded(null);
      setVideo(null);
      if (videoInput.current) videoInput.current.value = '';
      formApi.reset();
      await invalidateLectures(queryClient);
    },
  });
  const saving = useStore(form.store, (state) => state.isSubmitting);

  return (
    <form.AppForm>
      <form.Form className={`${panelClassName} space-y-4`}>
        <h2 className="text-lg font-semibold">{COURSE_ADMIN_TEXT.addLecture}</h2>
        <fieldset disabled={saving} className="space-y-4">
          <LectureFields form={form} fields={LECTURE_FIELDS} descriptionRows={3} />
          <LectureVideoField ref={videoInput} label={COURSE_ADMIN_TEXT.lectureVideo} onFile={setVideo} />
        </fieldset>
        <div className="space-y-2">
          <form.SubmitButton className={primaryActionClassName} allowWhileInvalid>
            {lectureSubmitText(COURSE_ADMIN_TEXT.addLecture, saving, uploaded)}
          </form.SubmitButton>
          {uploaded !== null ? (
            <UploadProgress percent={uploaded} label={COURSE_ADMIN_TEXT.lectureUploadProgress} />
          ) : null}
        </div>
      </form.Form>
    </form.AppForm>
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
        {([-1, 1] as const).map((direction) => {
          const onMove = direction < 0 ? onMoveUp : onMoveDown;
          return (
            <MoveButton
              key={direction}
              direction={direction}
              what={lecture.title}
              onClick={onMove}
              disabled={!onMove || moving}
              className={actionClassName('secondary', 'small')}
            />
          );
        })}
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
