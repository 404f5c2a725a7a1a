/**
 * Edit one lecture ({base}/updatelecture/{lectureId}, spec sections 2, 4, 5 and 8): title (required),
 * description, free preview, and an optional replacement video uploaded with progress on the button.
 */
import { type Lecture, updateLectureRequestSchema } from '@lectio/contracts/lecture';
import { CONFIRMATIONS, COURSE_MESSAGES, LECTURE_MESSAGES } from '@lectio/contracts/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormField } from '~/components/ui/form/FormField';
import {
  dangerActionClassName,
  errorTextClassName,
  panelClassName,
  primaryActionClassName,
  secondaryActionClassName,
} from '~/components/ui/ui-classes';
import { courseQuery } from '~/features/catalog/course-queries';
import { serverMessageOr } from '~/features/catalog/error-text';
import { GoBackButton } from '~/features/catalog/GoBackButton';
import { errorMessage } from '~/lib/api-errors';
import { courseLecturesLink } from '~/lib/links';
import { useSession } from '~/lib/session';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { invalidateLectures, lectureQuery } from './course-admin-queries';
import { COURSE_ADMIN_TEXT } from './course-admin-text';
import { canManageCourse } from './edit-permissions';
import { LectureFields } from './LectureFields';
import { fileInputClassName, pickVideo, UploadProgress } from './LecturesScreen';
import { attachLectureVideo } from './lecture-video';
import { useManagingBase } from './navigation-state';

function EditLectureForm({ lecture, allowed }: { lecture: Lecture; allowed: boolean }) {
  const base = useManagingBase();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.lectures.update.mutationOptions());
  const deletion = useMutation(trpc.lectures.delete.mutationOptions());
  const [title, setTitle] = useState(lecture.title);
  const [description, setDescription] = useState(lecture.description ?? '');
  const [isPreview, setIsPreview] = useState(lecture.isPreview);
  const [video, setVideo] = useState<File | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [videoError, setVideoError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'idle' | 'saving' | 'uploading' | 'deleting'>('idle');
  const [progress, setProgress] = useState(0);
  const lecturesLink = courseLecturesLink(base, lecture.courseId);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!allowed || phase !== 'idle') return;
    // The contract's title rule (required, trimmed) and message; the server checks the rest.
    const checkedTitle = updateLectureRequestSchema.shape.title.safeParse(title);
    if (!checkedTitle.success) {
      setTitleError(checkedTitle.error.issues[0]?.message ?? null);
      return;
    }
    setTitleError(null);
    const fields = { title: checkedTitle.data, description, isPreview };
    try {
      if (video) {
        setProgress(0);
        setPhase('uploading');
        await attachLectureVideo(lecture, video, setProgress, fields);
      } else {
        setPhase('saving');
        await update.mutateAsync({ ...fields, lectureId: lecture._id });
      }
      toast.success(LECTURE_MESSAGES.updated);
      await invalidateLectures(queryClient);
      await navigate(lecturesLink);
    } catch (error) {
      toast.error(serverMessageOr(error, LECTURE_MESSAGES.updateFailed));
      setPhase('idle');
    }
  }

  async function remove() {
    if (!allowed || phase !== 'idle' || !window.confirm(CONFIRMATIONS.deleteLecture(lecture.title))) return;
    setPhase('deleting');
    try {
      await deletion.mutateAsync({ id: lecture._id });
      toast.success(LECTURE_MESSAGES.deleted);
      await invalidateLectures(queryClient);
      await navigate(lecturesLink);
    } catch (error) {
      toast.error(serverMessageOr(error, LECTURE_MESSAGES.deleteFailed));
      setPhase('idle');
    }
  }

  const currentVideo = lecture.videoUrl;
  const submitText =
    phase === 'uploading'
      ? COURSE_ADMIN_TEXT.uploadingLecture(progress)
      : phase === 'saving'
        ? COURSE_ADMIN_TEXT.savingLecture
        : COURSE_ADMIN_TEXT.updateLecture;

  return (
    <form noValidate onSubmit={submit} className="space-y-6" aria-busy={phase !== 'idle'}>
      <fieldset disabled={!allowed || phase !== 'idle'} className={`${panelClassName} space-y-4`}>
        <legend className="sr-only">{COURSE_ADMIN_TEXT.editLectureTitle}</legend>
        <LectureFields
          title={title}
          onTitleChange={(value) => {
            setTitle(value);
            if (value.trim()) setTitleError(null);
          }}
          titleError={titleError}
          description={description}
          onDescriptionChange={setDescription}
          descriptionRows={4}
          isPreview={isPreview}
          onIsPreviewChange={setIsPreview}
        />
        {currentVideo ? (
          <figure className="space-y-1">
            {/* biome-ignore lint/a11y/useMediaCaption: instructors upload the clips; no caption tracks exist yet. */}
            <video
              controls
              preload="metadata"
              src={currentVideo}
              aria-label={COURSE_ADMIN_TEXT.currentVideo}
              className="aspect-video w-full max-w-lg rounded bg-black"
            />
            <figcaption className="text-sm text-slate-600 dark:text-slate-400">
              {COURSE_ADMIN_TEXT.currentVideo}
            </figcaption>
          </figure>
        ) : null}
        <FormField
          id="lecture-video"
          label={COURSE_ADMIN_TEXT.replaceVideo}
          hint={COURSE_ADMIN_TEXT.lectureVideoHint}
          error={videoError ?? undefined}
        >
          {(control) => (
            <input
              {...control}
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
      <div className="flex flex-wrap items-start gap-4">
        <div className="min-w-48 space-y-2">
          <button type="submit" disabled={!allowed || phase !== 'idle'} className={primaryActionClassName}>
            {submitText}
          </button>
          {phase === 'uploading' ? (
            <UploadProgress percent={progress} label={COURSE_ADMIN_TEXT.lectureUploadProgress} />
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => void remove()}
          disabled={!allowed || phase !== 'idle'}
          className={dangerActionClassName}
        >
          {COURSE_ADMIN_TEXT.deleteLectureButton}
        </button>
        {allowed ? (
          <Link {...lecturesLink} className={secondaryActionClassName}>
            {COURSE_ADMIN_TEXT.backToLectures}
          </Link>
        ) : null}
      </div>
      {allowed ? null : (
        <p role="alert" className="font-medium text-amber-900 dark:text-amber-200">
          {COURSE_MESSAGES.noLecturePermission}
        </p>
      )}
    </form>
  );
}

export function EditLectureScreen({ lectureId }: { lectureId: string }) {
  const { user } = useSession();
  const lecture = useQuery(lectureQuery(lectureId));
  const courseId = lecture.data?.courseId ?? '';
  const course = useQuery({ ...courseQuery(courseId), enabled: Boolean(courseId) });

  let body: ReactNode;
  if (lecture.isPending || (courseId && course.isPending)) {
    body = <p role="status">{COURSE_ADMIN_TEXT.loadingLecture}</p>;
  } else if (lecture.isError) {
    body = (
      <p role="alert" className={errorTextClassName}>
        {LECTURE_MESSAGES.loadError(errorMessage(lecture.error))}
      </p>
    );
  } else if (course.isError) {
    body = (
      <p role="alert" className={errorTextClassName}>
        {COURSE_MESSAGES.loadFailed}
      </p>
    );
  } else {
    const allowed = course.data ? canManageCourse(user, course.data) : false;
    body = <EditLectureForm key={lecture.data._id} lecture={lecture.data} allowed={allowed} />;
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <GoBackButton />
      <div>
        <h1 className="text-2xl font-semibold">{COURSE_ADMIN_TEXT.editLectureTitle}</h1>
        {course.data ? <p className="text-slate-700 dark:text-slate-300">{course.data.title}</p> : null}
      </div>
      {body}
    </div>
  );
}
