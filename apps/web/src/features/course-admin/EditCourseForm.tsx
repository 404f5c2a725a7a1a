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
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { FormField } from '~/components/ui/form/FormField';
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
import { CategoryOptions, LevelOptions } from './CreateCourseForm';
import { COURSE_ADMIN_TEXT } from './course-admin-text';
import { courseFormSchema, isRequiredDetail } from './course-form-schema';
import { canManageCourse } from './edit-permissions';
import { useManagingBase } from './navigation-state';
import { StatusBadge } from './StatusBadge';
import { StringListEditor } from './StringListEditor';
import { withAtLeastOneRow } from './string-list';
import { isImageFile, uploadCourseMedia } from './upload';

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

function PermissionNote({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="text-sm font-medium text-amber-900 dark:text-amber-200">
      {text}
    </p>
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
  const [thumbnailError, setThumbnailError] = useState<string | null>(null);
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

  function chooseThumbnail(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    if (file && !isImageFile(file)) {
      setThumbnail(null);
      setThumbnailError(COURSE_ADMIN_TEXT.imageOnly);
      event.target.value = '';
      return;
    }
    setThumbnailError(null);
    setThumbnail(file);
  }

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
  const updateNoteId = `${noteId}-update`;
  const deleteNoteId = `${noteId}-delete`;
  const lecturesNoteId = `${noteId}-lectures`;

  return (
    <form.AppForm>
      <form.Form className="space-y-6">
        <fieldset disabled={!allowed || busy} className={`${panelClassName} space-y-5`}>
          <legend className="sr-only">{COURSE_ADMIN_TEXT.editTitle}</legend>
          <form.AppField name="title">
            {(field) => (
              <field.TextField
                id="course-title"
                label={COURSE_ADMIN_TEXT.title}
                required={isRequiredDetail('title')}
              />
            )}
          </form.AppField>
          <form.AppField name="shortDescription">
            {(field) => (
              <field.TextField
                id="course-short-description"
                label={COURSE_ADMIN_TEXT.shortDescription}
                required={isRequiredDetail('shortDescription')}
              />
            )}
          </form.AppField>
          <div className="grid gap-5 sm:grid-cols-3">
            <form.AppField name="category">
              {(field) => (
                <field.SelectField
                  id="course-category"
                  label={COURSE_ADMIN_TEXT.category}
                  required={isRequiredDetail('category')}
                >
                  <CategoryOptions />
                </field.SelectField>
              )}
            </form.AppField>
            <form.AppField name="level">
              {(field) => (
                <field.SelectField
                  id="course-level"
                  label={COURSE_ADMIN_TEXT.level}
                  required={isRequiredDetail('level')}
                >
                  <LevelOptions />
                </field.SelectField>
              )}
            </form.AppField>
            <form.AppField name="price">
              {(field) => (
                <field.TextField
                  id="course-price"
                  label={COURSE_ADMIN_TEXT.price}
                  hint={COURSE_ADMIN_TEXT.priceHint}
                  required={isRequiredDetail('price')}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                />
              )}
            </form.AppField>
          </div>
          <form.AppField name="description">
            {(field) => (
              <field.TextAreaField
                id="course-description"
                label={COURSE_ADMIN_TEXT.description}
                required={isRequiredDetail('description')}
                rows={6}
              />
            )}
          </form.AppField>
          <form.AppField name="tags">
            {(field) => <field.TextField id="course-tags" label={COURSE_ADMIN_TEXT.tags} />}
          </form.AppField>

          <div className="grid gap-6 lg:grid-cols-2">
            <form.Field name="requirements">
              {(field) => (
                <StringListEditor
                  id="course-requirements"
                  legend={COURSE_ADMIN_TEXT.requirements}
                  itemLabel={COURSE_ADMIN_TEXT.requirement}
                  items={field.state.value}
                  onChange={field.handleChange}
                  error={listError(field.state.meta.errors)}
                />
              )}
            </form.Field>
            <form.Field name="whatYouWillLearn">
              {(field) => (
                <StringListEditor
                  id="course-learning"
                  legend={COURSE_ADMIN_TEXT.whatYouWillLearn}
                  itemLabel={COURSE_ADMIN_TEXT.learningPoint}
                  items={field.state.value}
                  onChange={field.handleChange}
                  error={listError(field.state.meta.errors)}
                />
              )}
            </form.Field>
          </div>

          <div className="space-y-3">
            <FormField
              id="course-thumbnail"
              label={COURSE_ADMIN_TEXT.thumbnail}
              hint={COURSE_ADMIN_TEXT.thumbnailHint}
              error={thumbnailError ?? undefined}
            >
              {(control) => (
                <input
                  {...control}
                  type="file"
                  accept="image/*"
                  onChange={chooseThumbnail}
                  className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-600 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-indigo-700 dark:text-slate-200"
                />
              )}
            </FormField>
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
                <div
                  role="progressbar"
                  aria-label={COURSE_ADMIN_TEXT.thumbnailProgress}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={progress}
                  className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
                >
                  <div className="h-full bg-indigo-600" style={{ width: `${progress}%` }} />
                </div>
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
          <div className="space-y-1">
            <button
              type="submit"
              disabled={!allowed || busy}
              aria-describedby={allowed ? undefined : updateNoteId}
              className={primaryActionClassName}
            >
              {saving ? COURSE_ADMIN_TEXT.updating : COURSE_ADMIN_TEXT.updateSubmit}
            </button>
            {allowed ? null : <PermissionNote id={updateNoteId} text={COURSE_MESSAGES.noUpdatePermission} />}
          </div>
          <div className="space-y-1">
            <button
              type="button"
              onClick={() => void remove()}
              disabled={!allowed || busy}
              aria-describedby={allowed ? undefined : deleteNoteId}
              className={dangerActionClassName}
            >
              {deleting ? COURSE_ADMIN_TEXT.deleting : COURSE_ADMIN_TEXT.deleteCourse}
            </button>
            {allowed ? null : <PermissionNote id={deleteNoteId} text={COURSE_MESSAGES.noDeletePermission} />}
          </div>
          <div className="space-y-1">
            {allowed ? (
              <Link {...courseLecturesLink(base, course._id)} className={secondaryActionClassName}>
                {COURSE_ADMIN_TEXT.manageLectures}
              </Link>
            ) : (
              <>
                <button
                  type="button"
                  disabled
                  aria-describedby={lecturesNoteId}
                  className={secondaryActionClassName}
                >
                  {COURSE_ADMIN_TEXT.manageLectures}
                </button>
                <PermissionNote id={lecturesNoteId} text={COURSE_MESSAGES.noLecturePermission} />
              </>
            )}
          </div>
        </div>
      </form.Form>
    </form.AppForm>
  );
}

/** A list editor's error: the first of its field's messages. */
function listError(errors: readonly unknown[]): string | undefined {
  const first = errors[0];
  if (typeof first === 'string') return first;
  if (typeof first === 'object' && first !== null && 'message' in first) return String(first.message);
  return undefined;
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
        <EditCourseFields key={course.data._id} course={course.data} />
      )}
    </div>
  );
}
