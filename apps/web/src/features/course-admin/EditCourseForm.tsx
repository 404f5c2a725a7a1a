/**
 * Edit course ({base}/update/{courseId}, spec sections 2, 4, 5 and 8): every field, a numeric price, an
 * image-only thumbnail uploaded straight to storage with integer progress, the requirements and learning
 * lists, and a Publish/Unpublish toggle that only takes effect with Update Course. An instructor who does
 * not own the course sees everything disabled with the spec's permission messages.
 */
import type { Course, UpdateCourseRequest } from '@lectio/contracts/course';
import { CONFIRMATIONS, COURSE_MESSAGES } from '@lectio/contracts/messages';
import { useStore } from '@tanstack/react-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { FileField } from '~/components/ui/form/FileField';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import {
  dangerActionClassName,
  errorTextClassName,
  panelClassName,
  primaryActionClassName,
  secondaryActionClassName,
} from '~/components/ui/ui-classes';
import { courseQuery, invalidateCourses } from '~/features/catalog/course-queries';
import { failureDetails } from '~/features/catalog/error-text';
import { GoBackButton } from '~/features/catalog/GoBackButton';
import { errorMessage } from '~/lib/api-errors';
import { courseLecturesLink, courseListLink } from '~/lib/links';
import { useSession } from '~/lib/session';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { CourseAnnouncements } from '../announcements/CourseAnnouncements';
import { PostAnnouncementForm } from '../announcements/PostAnnouncementForm';
import { COURSE_DETAIL_FIELDS, CourseDetailFields } from './CourseDetailFields';
import { COURSE_ADMIN_TEXT } from './course-admin-text';
import { courseFormSchema } from './course-form-schema';
import { canManageCourse } from './edit-permissions';
import { useManagingBase } from './navigation-state';
import { StatusBadge } from './StatusBadge';
import { StringListField } from './StringListEditor';
import { withAtLeastOneRow } from './string-list';
import { UploadProgress } from './UploadProgress';
import { uploadCourseMedia } from './upload';

/** The form's starting values: the course as its controls hold it (the price as text, lists with a row). */
export function editValuesFrom(course: Course) {
  return {
    title: course.title,
    shortDescription: course.shortDescription,
    category: course.category as string,
    level: course.level as string,
    price: String(course.price ?? 0),
    description: course.description ?? '',
    tags: course.tags ?? '',
    requirements: withAtLeastOneRow(course.requirements),
    whatYouWillLearn: withAtLeastOneRow(course.whatYouWillLearn),
    isPublished: course.isPublished,
  };
}

/** The two lists of rows. */
const LISTS = [
  {
    name: 'requirements',
    id: 'course-requirements',
    legend: COURSE_ADMIN_TEXT.requirements,
    itemLabel: COURSE_ADMIN_TEXT.requirement,
  },
  {
    name: 'whatYouWillLearn',
    id: 'course-learning',
    legend: COURSE_ADMIN_TEXT.whatYouWillLearn,
    itemLabel: COURSE_ADMIN_TEXT.learningPoint,
  },
] as const;

/**
 * An action the viewer may be refused (an instructor who doesn't own the course): the control gets the
 * spec's permission message under it as its description.
 */
function GatedAction({
  id,
  allowed,
  refusal,
  children,
}: {
  id: string;
  allowed: boolean;
  refusal: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  return (
    <div className="space-y-1">
      {children(allowed ? undefined : id)}
      {allowed ? null : (
        <p id={id} className="text-sm font-medium text-amber-900 dark:text-amber-200">
          {refusal}
        </p>
      )}
    </div>
  );
}

function ThumbnailPreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url ? (
    <img src={url} alt={COURSE_ADMIN_TEXT.newThumbnail} className="h-24 w-40 rounded object-cover" />
  ) : null;
}

function EditCourseFields({ course }: { course: Course }) {
  const { user } = useSession();
  const base = useManagingBase();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.courses.update.mutationOptions());
  const deletion = useMutation(trpc.courses.delete.mutationOptions());
  const noteId = useId();
  const allowed = canManageCourse(user, course);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);

  const form = useAppForm({
    ...schemaForm(courseFormSchema, editValuesFrom(course)),
    onSubmit: async ({ value, formApi }) => {
      if (!allowed) return;
      // Only isPublished is sent: the server moves `status` with it (published/draft).
      const request: UpdateCourseRequest = courseFormSchema.parse(value);
      try {
        if (thumbnail) {
          setProgress(0);
          const { key } = await uploadCourseMedia(
            { kind: 'thumbnail', courseId: course._id, file: thumbnail },
            { onProgress: setProgress },
          );
          request.public_id = key;
        }
        await update.mutateAsync({ ...request, id: course._id });
      } catch (error) {
        setProgress(null);
        if (applyServerErrors(formApi, error) === null) return;
        const { status, message } = failureDetails(error, COURSE_MESSAGES.updateFailedUnknown);
        toast.error(COURSE_ADMIN_TEXT.updateFailed(status, message));
        return;
      }
      toast.success(COURSE_MESSAGES.courseUpdated);
      await invalidateCourses(queryClient);
      await navigate({
        ...courseListLink(base),
        state: (previous) => ({ ...previous, highlightCourseId: course._id }),
      });
    },
  });
  const saving = useStore(form.store, (state) => state.isSubmitting);
  const isPublished = useStore(form.store, (state) => state.values.isPublished === true);
  const busy = saving || deleting;

  async function remove() {
    if (!allowed || busy) return;
    if (!window.confirm(CONFIRMATIONS.deleteCourse)) return;
    setDeleting(true);
    try {
      await deletion.mutateAsync({ id: course._id });
      toast.success(COURSE_MESSAGES.courseDeleted);
      queryClient.removeQueries(trpc.courses.get.queryFilter({ id: course._id }));
      await invalidateCourses(queryClient);
      await navigate(courseListLink(base));
    } catch {
      toast.error(COURSE_MESSAGES.deleteFailed);
      setDeleting(false);
    }
  }

  const publishChanged = isPublished !== course.isPublished;

  return (
    <form.AppForm>
      <form.Form className="space-y-6">
        <fieldset disabled={!allowed || busy} className={`${panelClassName} space-y-5`}>
          <legend className="sr-only">{COURSE_ADMIN_TEXT.editTitle}</legend>
          <CourseDetailFields form={form} fields={COURSE_DETAIL_FIELDS} />
          <form.AppField name="tags">
            {(field) => <field.TextField id="course-tags" label={COURSE_ADMIN_TEXT.tags} />}
          </form.AppField>

          <div className="grid gap-6 lg:grid-cols-2">
            {LISTS.map(({ name, ...list }) => (
              <form.AppField key={name} name={name}>
                {() => <StringListField {...list} />}
              </form.AppField>
            ))}
          </div>

          <div className="space-y-3">
            <FileField
              id="course-thumbnail"
              label={COURSE_ADMIN_TEXT.thumbnail}
              hint={COURSE_ADMIN_TEXT.thumbnailHint}
              takes="image"
              refusal={COURSE_ADMIN_TEXT.imageOnly}
              onFile={setThumbnail}
            />
            <div className="flex flex-wrap items-center gap-4">
              {course.thumbnail?.secure_url ? (
                <img
                  src={course.thumbnail.secure_url}
                  alt={COURSE_ADMIN_TEXT.currentThumbnail}
                  className="h-24 w-40 rounded object-cover"
                />
              ) : null}
              {thumbnail ? <ThumbnailPreview file={thumbnail} /> : null}
            </div>
            {progress !== null ? (
              <div className="max-w-md space-y-1">
                <UploadProgress percent={progress} label={COURSE_ADMIN_TEXT.thumbnailProgress} />
                <p aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
                  {COURSE_ADMIN_TEXT.uploadingThumbnail(progress)}
                </p>
              </div>
            ) : null}
          </div>

          <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
            <span className="text-sm font-medium">{COURSE_ADMIN_TEXT.publishState}:</span>
            {/* The saved state: it changes when Update Course has saved the toggle, not before (issue 15). */}
            <StatusBadge status={course.isPublished ? 'published' : 'draft'} />
            <button
              type="button"
              aria-pressed={isPublished}
              onClick={() => form.setFieldValue('isPublished', !isPublished)}
              className={secondaryActionClassName}
            >
              {isPublished ? COURSE_ADMIN_TEXT.unpublish : COURSE_ADMIN_TEXT.publish}
            </button>
            {publishChanged ? (
              <p aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
                {COURSE_ADMIN_TEXT.publishPending(isPublished)}
              </p>
            ) : null}
          </div>
        </fieldset>

        <div className="flex flex-wrap items-start gap-6">
          <GatedAction id={`${noteId}-update`} allowed={allowed} refusal={COURSE_MESSAGES.noUpdatePermission}>
            {(describedBy) => (
              <button
                type="submit"
                disabled={!allowed || busy}
                aria-describedby={describedBy}
                className={primaryActionClassName}
              >
                {saving ? COURSE_ADMIN_TEXT.updating : COURSE_ADMIN_TEXT.updateSubmit}
              </button>
            )}
          </GatedAction>
          <GatedAction id={`${noteId}-delete`} allowed={allowed} refusal={COURSE_MESSAGES.noDeletePermission}>
            {(describedBy) => (
              <button
                type="button"
                onClick={() => void remove()}
                disabled={!allowed || busy}
                aria-describedby={describedBy}
                className={dangerActionClassName}
              >
                {deleting ? COURSE_ADMIN_TEXT.deleting : COURSE_ADMIN_TEXT.deleteCourse}
              </button>
            )}
          </GatedAction>
          <GatedAction
            id={`${noteId}-lectures`}
            allowed={allowed}
            refusal={COURSE_MESSAGES.noLecturePermission}
          >
            {(describedBy) =>
              allowed ? (
                <Link {...courseLecturesLink(base, course._id)} className={secondaryActionClassName}>
                  {COURSE_ADMIN_TEXT.manageLectures}
                </Link>
              ) : (
                <button
                  type="button"
                  disabled
                  aria-describedby={describedBy}
                  className={secondaryActionClassName}
                >
                  {COURSE_ADMIN_TEXT.manageLectures}
                </button>
              )
            }
          </GatedAction>
        </div>
      </form.Form>
    </form.AppForm>
  );
}

/** The course's announcements, with the form to post one, for those who manage it (decision 0089). */
function ManagedAnnouncements({ course }: { course: Course }) {
  const { user } = useSession();
  if (!canManageCourse(user, course)) return null;
  return (
    <CourseAnnouncements courseId={course._id} manage>
      <PostAnnouncementForm courseId={course._id} />
    </CourseAnnouncements>
  );
}

export function EditCourseScreen({ courseId }: { courseId: string }) {
  const courseName = useLocation({ select: (location) => location.state.courseName });
  const course = useQuery({ ...courseQuery(courseId), enabled: Boolean(courseId) });

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <GoBackButton />
      <div>
        <h1 className="text-2xl font-semibold">{COURSE_ADMIN_TEXT.editTitle}</h1>
        {course.data?.title || courseName ? (
          <p className="text-slate-700 dark:text-slate-300">{course.data?.title ?? courseName}</p>
        ) : null}
      </div>
      {!courseId ? (
        <p role="alert" className={errorTextClassName}>
          {COURSE_MESSAGES.missingCourseId}
        </p>
      ) : course.isPending ? (
        <p role="status">{COURSE_ADMIN_TEXT.loadingCourse}</p>
      ) : course.isError ? (
        <div role="alert" className="space-y-1">
          <p className="font-semibold text-red-700 dark:text-red-400">{COURSE_MESSAGES.loadFailed}</p>
          <p className="text-sm">{errorMessage(course.error)}</p>
        </div>
      ) : (
        <>
          <EditCourseFields key={course.data._id} course={course.data} />
          <ManagedAnnouncements course={course.data} />
        </>
      )}
    </div>
  );
}
