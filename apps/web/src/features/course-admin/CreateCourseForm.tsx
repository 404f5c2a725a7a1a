/**
 * Create course ({base}/create, spec sections 2, 5 and 8): title, short description, category and level
 * (required), optional price and description. On success: 'Course created successfully!' and the course
 * list with the new row highlighted; on failure the server's message, else 'Failed to create course'.
 * An admin also chooses the instructor (decision, the spec is silent): themselves by default, or any
 * instructor from GET /admin/instructors; the server checks the choice (services/courses/create-course.ts).
 */
import { CATEGORIES, type Category, LEVELS, type Level } from '@lectio/contracts/constants';
import { type CreateCourseRequest, createCourseRequestSchema } from '@lectio/contracts/course';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { can } from '@lectio/contracts/permissions';
import type { PublicUser } from '@lectio/contracts/user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { FormField } from '~/components/ui/form/FormField';
import { fieldClassName, panelClassName, primaryActionClassName } from '~/components/ui/ui-classes';
import { instructorsQuery } from '~/features/admin/admin-queries';
import { FormMessage } from '~/features/auth/FormMessage';
import { invalidateCourses } from '~/features/catalog/course-queries';
import { serverMessageOr } from '~/features/catalog/error-text';
import { courseListLink } from '~/lib/links';
import { useSession } from '~/lib/session';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { CourseHeadlineFields } from './CourseHeadlineFields';
import { COURSE_ADMIN_TEXT } from './course-admin-text';
import { courseFieldErrors, priceFrom } from './course-form-errors';
import { useManagingBase } from './navigation-state';

export interface CourseBasics {
  title: string;
  shortDescription: string;
  category: Category | '';
  level: Level | '';
  price: string;
  description: string;
}

export const EMPTY_COURSE_BASICS: CourseBasics = {
  title: '',
  shortDescription: '',
  category: '',
  level: '',
  price: '',
  description: '',
};

/** What the create form marks required (the schema requires the same; the form words the message). */
const CREATE_REQUIRED = {
  title: COURSE_ADMIN_TEXT.title,
  shortDescription: COURSE_ADMIN_TEXT.shortDescription,
  category: COURSE_ADMIN_TEXT.category,
  level: COURSE_ADMIN_TEXT.level,
};

/** The form's values as a create request (the contract schema's output), or the first message per field. */
export function createRequestFrom(
  values: CourseBasics,
): { ok: true; request: CreateCourseRequest } | { ok: false; errors: Record<string, string> } {
  const candidate = {
    title: values.title,
    shortDescription: values.shortDescription,
    category: values.category || undefined,
    level: values.level || undefined,
    ...(values.description.trim() ? { description: values.description } : {}),
    ...(priceFrom(values.price) !== undefined ? { price: priceFrom(values.price) } : {}),
  };
  const errors = courseFieldErrors(createCourseRequestSchema, candidate, CREATE_REQUIRED);
  const parsed = createCourseRequestSchema.safeParse(candidate);
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}

export function CategoryOptions() {
  return CATEGORIES.map((category) => (
    <option key={category} value={category}>
      {category}
    </option>
  ));
}

export function LevelOptions() {
  return LEVELS.map((level) => (
    <option key={level} value={level}>
      {level}
    </option>
  ));
}

/** The admin's choice of instructor: '' is the admin themselves (the server's default). */
function InstructorField({
  self,
  value,
  onChange,
}: {
  self: PublicUser;
  value: string;
  onChange: (instructorId: string) => void;
}) {
  const instructors = useQuery(instructorsQuery);
  const hint = instructors.isPending
    ? COURSE_ADMIN_TEXT.instructorsLoading
    : instructors.isError
      ? COURSE_ADMIN_TEXT.instructorsFailed
      : undefined;
  return (
    <FormField id="course-instructor" label={COURSE_ADMIN_TEXT.instructor} hint={hint}>
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={fieldClassName}
        >
          <option value="">{COURSE_ADMIN_TEXT.instructorSelf(self.name)}</option>
          {(instructors.data ?? []).map((instructor) => (
            <option key={instructor._id} value={instructor._id}>
              {instructor.isActive ? instructor.name : COURSE_ADMIN_TEXT.instructorSuspended(instructor.name)}{' '}
              ({instructor.email})
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

export function CreateCourseForm() {
  const { user } = useSession();
  const base = useManagingBase();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<CourseBasics>(EMPTY_COURSE_BASICS);
  const [instructorId, setInstructorId] = useState('');
  const choosesInstructor = user !== null && can(user, 'all');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);

  const create = useMutation(
    trpc.courses.create.mutationOptions({
      onSuccess: async (response) => {
        toast.success(COURSE_MESSAGES.courseCreated);
        await invalidateCourses(queryClient);
        await navigate({
          ...courseListLink(base),
          state: (previous) => ({ ...previous, highlightCourseId: response.data.course._id }),
        });
      },
      onError: (error) => {
        const message = serverMessageOr(error, COURSE_MESSAGES.createFailed);
        setServerMessage(message);
        toast.error(message);
      },
    }),
  );

  function set<K extends keyof CourseBasics>(key: K, value: CourseBasics[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _removed, ...rest } = current;
      return rest;
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const result = createRequestFrom(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setServerMessage(null);
    create.mutate(choosesInstructor && instructorId ? { ...result.request, instructorId } : result.request);
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">{COURSE_ADMIN_TEXT.createTitle}</h1>
      <form
        noValidate
        onSubmit={submit}
        className={`${panelClassName} space-y-5`}
        aria-busy={create.isPending}
      >
        <CourseHeadlineFields values={values} errors={errors} onChange={set} />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="course-category" label={COURSE_ADMIN_TEXT.category} required error={errors.category}>
            {(control) => (
              <select
                {...control}
                value={values.category}
                onChange={(event) =>
                  set('category', CATEGORIES.find((category) => category === event.target.value) ?? '')
                }
                className={fieldClassName}
              >
                <option value="">{COURSE_ADMIN_TEXT.chooseCategory}</option>
                <CategoryOptions />
              </select>
            )}
          </FormField>
          <FormField id="course-level" label={COURSE_ADMIN_TEXT.level} required error={errors.level}>
            {(control) => (
              <select
                {...control}
                value={values.level}
                onChange={(event) => set('level', LEVELS.find((level) => level === event.target.value) ?? '')}
                className={fieldClassName}
              >
                <option value="">{COURSE_ADMIN_TEXT.chooseLevel}</option>
                <LevelOptions />
              </select>
            )}
          </FormField>
        </div>
        {choosesInstructor && user ? (
          <InstructorField self={user} value={instructorId} onChange={setInstructorId} />
        ) : null}
        <FormField id="course-price" label={COURSE_ADMIN_TEXT.price} error={errors.price}>
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
        <FormField id="course-description" label={COURSE_ADMIN_TEXT.description} error={errors.description}>
          {(control) => (
            <textarea
              {...control}
              rows={5}
              value={values.description}
              onChange={(event) => set('description', event.target.value)}
              className={fieldClassName}
            />
          )}
        </FormField>
        <div className="flex items-center gap-3">
          <button type="submit" disabled={create.isPending} className={primaryActionClassName}>
            {create.isPending ? COURSE_ADMIN_TEXT.creating : COURSE_ADMIN_TEXT.createSubmit}
          </button>
        </div>
        <FormMessage message={serverMessage} />
      </form>
    </div>
  );
}
