/**
 * Edit one lecture ({base}/updatelecture/{lectureId}, spec sections 2, 4, 5 and 8): title (required),
 * description, free preview, and an optional replacement video uploaded with progress on the button (for
 * an article: its Markdown with a live preview, decision 0080, and no video); then
 * the lesson's downloadable resources (LessonResourcesEditor), and a video's processing into adaptive
 * streaming (VideoProcessingPanel).
 */
import type { Lecture } from '@lectio/contracts/lecture';
import { CONFIRMATIONS, COURSE_MESSAGES, LECTURE_MESSAGES } from '@lectio/contracts/messages';
import { useStore } from '@tanstack/react-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
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
import {
  ArticleBodyField,
  LECTURE_FIELDS,
  LectureFields,
  LectureVideoField,
  lectureSubmitText,
  lessonEditSchema,
} from './LectureFields';
import { LessonResourcesEditor } from './LessonResourcesEditor';
import { attachLectureVideo } from './lecture-video';
import { useManagingBase } from './navigation-state';
import { QuizBuilder } from './QuizBuilder';
import { UploadProgress } from './UploadProgress';
import { VideoProcessingPanel } from './VideoProcessingPanel';

function EditLectureForm({ lecture, allowed }: { lecture: Lecture; allowed: boolean }) {
  const base = useManagingBase();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.lectures.update.mutationOptions());
  const deletion = useMutation(trpc.lectures.delete.mutationOptions());
  const [video, setVideo] = useState<File | null>(null);
  /** The replacement video's upload progress while it uploads. */
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);
  const lecturesLink = courseLecturesLink(base, lecture.courseId);

  const form = useAppForm({
    ...schemaForm(lessonEditSchema, {
      title: lecture.title,
      description: lecture.description ?? '',
      isPreview: lecture.isPreview,
      kind: lecture.kind,
      body: lecture.body ?? '',
    }),
    onSubmit: async ({ value, formApi }) => {
      if (!allowed) return;
      const { kind, body, ...fields } = lessonEditSchema.parse(value);
      try {
        if (kind === 'article') {
          await update.mutateAsync({ ...fields, body, lectureId: lecture._id });
        } else if (video) {
          setUploaded(0);
          await attachLectureVideo(lecture, video, setUploaded, fields);
        } else {
          await update.mutateAsync({ ...fields, lectureId: lecture._id });
        }
      } catch (error) {
        setUploaded(null);
        if (applyServerErrors(formApi, error) !== null) {
          toast.error(serverMessageOr(error, LECTURE_MESSAGES.updateFailed));
        }
        return;
      }
      toast.success(LECTURE_MESSAGES.updated);
      await invalidateLectures(queryClient);
      await navigate(lecturesLink);
    },
  });
  const saving = useStore(form.store, (state) => state.isSubmitting);
  const busy = saving || deleting;

  async function remove() {
    if (!allowed || busy || !window.confirm(CONFIRMATIONS.deleteLecture(lecture.title))) return;
    setDeleting(true);
    try {
      await deletion.mutateAsync({ id: lecture._id });
      toast.success(LECTURE_MESSAGES.deleted);
      await invalidateLectures(queryClient);
      await navigate(lecturesLink);
    } catch (error) {
      toast.error(serverMessageOr(error, LECTURE_MESSAGES.deleteFailed));
      setDeleting(false);
    }
  }

  const currentVideo = lecture.videoUrl;
  return (
    <form.AppForm>
      <form.Form className="space-y-6">
        <fieldset disabled={!allowed || busy} className={`${panelClassName} space-y-4`}>
          <legend className="sr-only">{COURSE_ADMIN_TEXT.editLectureTitle}</legend>
          <LectureFields form={form} fields={LECTURE_FIELDS} descriptionRows={4} />
          {lecture.kind === 'article' ? <ArticleBodyField form={form} fields={{ body: 'body' }} /> : null}
          {lecture.kind === 'video' && currentVideo ? (
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
          {lecture.kind === 'video' ? (
            <LectureVideoField label={COURSE_ADMIN_TEXT.replaceVideo} onFile={setVideo} />
          ) : null}
        </fieldset>
        <div className="flex flex-wrap items-start gap-4">
          <div className="min-w-48 space-y-2">
            <button type="submit" disabled={!allowed || busy} className={primaryActionClassName}>
              {lectureSubmitText(COURSE_ADMIN_TEXT.updateLecture, saving, uploaded)}
            </button>
            {uploaded !== null ? (
              <UploadProgress percent={uploaded} label={COURSE_ADMIN_TEXT.lectureUploadProgress} />
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => void remove()}
            disabled={!allowed || busy}
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
      </form.Form>
    </form.AppForm>
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
    body = (
      <>
        <EditLectureForm key={lecture.data._id} lecture={lecture.data} allowed={allowed} />
        {allowed && lecture.data.kind === 'quiz' ? <QuizBuilder lectureId={lecture.data._id} /> : null}
        {allowed && lecture.data.kind === 'video' ? (
          <VideoProcessingPanel lectureId={lecture.data._id} />
        ) : null}
        {allowed ? (
          <LessonResourcesEditor lectureId={lecture.data._id} courseId={lecture.data.courseId} />
        ) : null}
      </>
    );
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
