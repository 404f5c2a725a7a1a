/**
 * Edit course ({base}/update/{courseId}, spec sections 2, 4, 5 and 8): every field, a numeric price, an
 * image-only thumbnail uploaded straight to storage with integer progress, the requirements and learning
 * lists, and a Publish/Unpublish toggle that only takes effect with Update Course. An instructor who does
 * not own the course sees everything disabled with the spec's permission messages.
 */
import { CATEGORIES, type Category, LEVELS, type Level } from '@lectio/contracts/constants';
import { type Course, type UpdateCourseRequest, updateCourseRequestSchema } from '@lectio/contracts/course';
import { CONFIRMATIONS, COURSE_MESSAGES } from '@lectio/contracts/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { FormField } from '~/components/ui/form/FormField';
import {
  dangerActionClassName,
  errorTextClassName,
  fieldClassName,
  panelClassName,
  primaryActionClassName,
  secondaryActionClassName,
} from '~/components/ui/ui-classes';
import { nonBlank } from '~/features/catalog/course-format';
import { courseQuery, invalidateCourses } from '~/features/catalog/course-queries';
import { failureDetails } from '~/features/catalog/error-text';
import { GoBackButton } from '~/features/catalog/GoBackButton';
import { errorMessage } from '~/lib/api-errors';
import { courseLecturesLink, courseListLink } from '~/lib/links';
import { useSession } from '~/lib/session';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { CourseHeadlineFields } from './CourseHeadlineFields';
import { CategoryOptions, LevelOptions } from './CreateCourseForm';
import { COURSE_ADMIN_TEXT } from './course-admin-text';
import { courseFieldErrors, priceFrom } from './course-form-errors';
import { canManageCourse } from './edit-permissions';
import { useManagingBase } from './navigation-state';
import { StatusBadge } from './StatusBadge';
import { StringListEditor } from './StringListEditor';
import { withAtLeastOneRow } from './string-list';
import { isImageFile, uploadCourseMedia } from './upload';

export interface CourseEditValues {
  title: string;
  shortDescription: string;
  category: Category;
  level: Level;
  price: string;
  description: string;
  tags: string;
  requirements: string[];
  whatYouWillLearn: string[];
  isPublished: boolean;
}

export function editValuesFrom(course: Course): CourseEditValues {
  return {
    title: course.title,
    shortDescription: course.shortDescription,
    category: course.category,
    level: course.level,
    price: String(course.price ?? 0),
    description: course.description ?? '',
    tags: course.tags ?? '',
    requirements: withAtLeastOneRow(course.requirements),
    whatYouWillLearn: withAtLeastOneRow(course.whatYouWillLearn),
    isPublished: course.isPublished,
  };
}

/**
 * What the edit form marks required ("all fields are marked required"): the contract's update schema
 * leaves every field optional (a PATCH), and requires a title and short description only when sent.
 */
const EDIT_REQUIRED = {
  title: COURSE_ADMIN_TEXT.title,
  shortDescription: COURSE_ADMIN_TEXT.shortDescription,
  description: COURSE_ADMIN_TEXT.description,
  price: COURSE_ADMIN_TEXT.price,
};

/**
 * The form's values as a PATCH body (the contract schema's output: title and short description trimmed),
 * or the first message per field.
 */
export function updateRequestFrom(
  values: CourseEditValues,
): { ok: true; request: UpdateCourseRequest } | { ok: false; errors: Record<string, string> } {
  const candidate = {
    title: values.title,
    shortDescription: values.shortDescription,
    category: values.category,
    level: values.level,
    price: priceFrom(values.price),
    description: values.description.trim() ? values.description : undefined,
    tags: values.tags.trim(),
    requirements: nonBlank(values.requirements),
    whatYouWillLearn: nonBlank(values.whatYouWillLearn),
    // Only isPublished is sent: the server moves `status` with it (published/draft).
    isPublished: values.isPublished,
  };
  const errors = courseFieldErrors(updateCourseRequestSchema, candidate, EDIT_REQUIRED);
  const parsed = updateCourseRequestSchema.safeParse(candidate);
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, request: parsed.data };
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
  const [values, setValues] = useState<CourseEditValues>(() => editValuesFrom(course));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [thumbnailError, setThumbnailError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState<'saving' | 'deleting' | null>(null);

  function set<K extends keyof CourseEditValues>(key: K, value: CourseEditValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!allowed || busy) return;
    const result = updateRequestFrom(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setBusy('saving');
    try {
      const request = { ...result.request };
      if (thumbnail) {
        setProgress(0);
        const { key } = await uploadCourseMedia(
          { kind: 'thumbnail', courseId: course._id, file: thumbnail },
          { onProgress: setProgress },
        );
        request.public_id = key;
      }
      await update.mutateAsync({ ...request, id: course._id });
      toast.success(COURSE_MESSAGES.courseUpdated);
      await invalidateCourses(queryClient);
      await navigate({
        ...courseListLink(base),
        state: (previous) => ({ ...previous, highlightCourseId: course._id }),
      });
    } catch (error) {
      const { status, message } = failureDetails(error, COURSE_MESSAGES.updateFailedUnknown);
      toast.error(COURSE_ADMIN_TEXT.updateFailed(status, message));
      setBusy(null);
      setProgress(null);
    }
  }

  async function remove() {
    if (!allowed || busy) return;
    if (!window.confirm(CONFIRMATIONS.deleteCourse)) return;
    setBusy('deleting');
    try {
      await deletion.mutateAsync({ id: course._id });
      toast.success(COURSE_MESSAGES.courseDeleted);
      queryClient.removeQueries(trpc.courses.get.queryFilter({ id: course._id }));
      await invalidateCourses(queryClient);
      await navigate(courseListLink(base));
    } catch {
      toast.error(COURSE_MESSAGES.deleteFailed);
      setBusy(null);
    }
  }

  const publishChanged = values.isPublished !== course.isPublished;
  const updateNoteId = `${noteId}-update`;
  const deleteNoteId = `${noteId}-delete`;
  const lecturesNoteId = `${noteId}-lectures`;

  return (
    <form noValidate onSubmit={submit} className="space-y-6" aria-busy={busy !== null}>
      <fieldset disabled={!allowed || busy !== null} className={`${panelClassName} space-y-5`}>
        <legend className="sr-only">{COURSE_ADMIN_TEXT.editTitle}</legend>
        <CourseHeadlineFields values={values} errors={errors} onChange={set} />
        <div className="grid gap-5 sm:grid-cols-3">
          <FormField id="course-category" label={COURSE_ADMIN_TEXT.category} required>
            {(control) => (
              <select
                {...control}
                value={values.category}
                onChange={(event) =>
                  set(
                    'category',
                    CATEGORIES.find((category) => category === event.target.value) ?? values.category,
                  )
                }
                className={fieldClassName}
              >
                <CategoryOptions />
              </select>
            )}
          </FormField>
          <FormField id="course-level" label={COURSE_ADMIN_TEXT.level} required>
            {(control) => (
              <select
                {...control}
                value={values.level}
                onChange={(event) =>
                  set('level', LEVELS.find((level) => level === event.target.value) ?? values.level)
                }
                className={fieldClassName}
              >
                <LevelOptions />
              </select>
            )}
          </FormField>
          <FormField id="course-price" label={COURSE_ADMIN_TEXT.price} required error={errors.price}>
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                value={values.price}
                onChange={(event) => set('price', event.target.value)}
                className={fieldClassName}
              />
            )}
          </FormField>
        </div>
        <FormField
          id="course-description"
          label={COURSE_ADMIN_TEXT.description}
          required
          error={errors.description}
        >
          {(control) => (
            <textarea
              {...control}
              rows={6}
              value={values.description}
              onChange={(event) => set('description', event.target.value)}
              className={fieldClassName}
            />
          )}
        </FormField>
        <FormField id="course-tags" label={COURSE_ADMIN_TEXT.tags} error={errors.tags}>
          {(control) => (
            <input
              {...control}
              type="text"
              value={values.tags}
              onChange={(event) => set('tags', event.target.value)}
              className={fieldClassName}
            />
          )}
        </FormField>

        <div className="grid gap-6 lg:grid-cols-2">
          <StringListEditor
            id="course-requirements"
            legend={COURSE_ADMIN_TEXT.requirements}
            itemLabel={COURSE_ADMIN_TEXT.requirement}
            items={values.requirements}
            onChange={(items) => set('requirements', items)}
            error={errors.requirements}
          />
          <StringListEditor
            id="course-learning"
            legend={COURSE_ADMIN_TEXT.whatYouWillLearn}
            itemLabel={COURSE_ADMIN_TEXT.learningPoint}
            items={values.whatYouWillLearn}
            onChange={(items) => set('whatYouWillLearn', items)}
            error={errors.whatYouWillLearn}
          />
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
            aria-pressed={values.isPublished}
            onClick={() => set('isPublished', !values.isPublished)}
            className={secondaryActionClassName}
          >
            {values.isPublished ? COURSE_ADMIN_TEXT.unpublish : COURSE_ADMIN_TEXT.publish}
          </button>
          {publishChanged ? (
            <p aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
              {COURSE_ADMIN_TEXT.publishPending(values.isPublished)}
            </p>
          ) : null}
        </div>
      </fieldset>

      <div className="flex flex-wrap items-start gap-6">
        <div className="space-y-1">
          <button
            type="submit"
            disabled={!allowed || busy !== null}
            aria-describedby={allowed ? undefined : updateNoteId}
            className={primaryActionClassName}
          >
            {busy === 'saving' ? COURSE_ADMIN_TEXT.updating : COURSE_ADMIN_TEXT.updateSubmit}
          </button>
          {allowed ? null : <PermissionNote id={updateNoteId} text={COURSE_MESSAGES.noUpdatePermission} />}
        </div>
        <div className="space-y-1">
          <button
            type="button"
            onClick={() => void remove()}
            disabled={!allowed || busy !== null}
            aria-describedby={allowed ? undefined : deleteNoteId}
            className={dangerActionClassName}
          >
            {busy === 'deleting' ? COURSE_ADMIN_TEXT.deleting : COURSE_ADMIN_TEXT.deleteCourse}
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
    </form>
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
        <EditCourseFields key={course.data._id} course={course.data} />
      )}
    </div>
  );
}
