/**
 * Create course ({base}/create, spec sections 2, 5 and 8): title, short description, category and level
 * (required), price (empty is free) and description, by the same contract rules as Edit (issue 24,
 * course-form-schema.ts). On success: 'Course created successfully!' and the course
 * list with the new row highlighted; on failure the server's message, else 'Failed to create course'.
 * An admin also chooses the instructor (decision, the spec is silent): themselves by default, or any
 * instructor from GET /admin/instructors; the server checks the choice (services/courses/create-course.ts).
 */
import { CATEGORIES, LEVELS } from '@lectio/contracts/constants';
import { createCourseRequestSchema } from '@lectio/contracts/course';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { can } from '@lectio/contracts/permissions';
import type { PublicUser } from '@lectio/contracts/user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormField } from '~/components/ui/form/FormField';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import { fieldClassName, panelClassName, primaryActionClassName } from '~/components/ui/ui-classes';
import { instructorsQuery } from '~/features/admin/admin-queries';
import { FormMessage } from '~/features/auth/FormMessage';
import { invalidateCourses } from '~/features/catalog/course-queries';
import { serverMessageOr } from '~/features/catalog/error-text';
import { courseListLink } from '~/lib/links';
import { useSession } from '~/lib/session';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { COURSE_ADMIN_TEXT } from './course-admin-text';
import { createCourseFormSchema, isRequiredDetail } from './course-form-schema';
import { useManagingBase } from './navigation-state';

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
  const [instructorId, setInstructorId] = useState('');
  const choosesInstructor = user !== null && can(user, 'all');
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const create = useMutation(trpc.courses.create.mutationOptions());

  const form = useAppForm({
    ...schemaForm(createCourseFormSchema, {
      title: '',
      shortDescription: '',
      category: '',
      level: '',
      price: '',
      description: '',
    }),
    onSubmit: async ({ value, formApi }) => {
      setServerMessage(null);
      // The form's reading of its controls, then the request as the contract types it.
      const details = createCourseRequestSchema.parse(createCourseFormSchema.parse(value));
      let response: Awaited<ReturnType<typeof create.mutateAsync>>;
      try {
        response = await create.mutateAsync(
          choosesInstructor && instructorId ? { ...details, instructorId } : details,
        );
      } catch (error) {
        const unmatched = applyServerErrors(formApi, error);
        if (unmatched === null) return;
        const message = serverMessageOr(error, COURSE_MESSAGES.createFailed);
        setServerMessage(message);
        toast.error(message);
        return;
      }
      toast.success(COURSE_MESSAGES.courseCreated);
      await invalidateCourses(queryClient);
      await navigate({
        ...courseListLink(base),
        state: (previous) => ({ ...previous, highlightCourseId: response.data.course._id }),
      });
    },
  });

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">{COURSE_ADMIN_TEXT.createTitle}</h1>
      <form.AppForm>
        <form.Form className={`${panelClassName} space-y-5`}>
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
          <div className="grid gap-5 sm:grid-cols-2">
            <form.AppField name="category">
              {(field) => (
                <field.SelectField
                  id="course-category"
                  label={COURSE_ADMIN_TEXT.category}
                  required={isRequiredDetail('category')}
                >
                  <option value="">{COURSE_ADMIN_TEXT.chooseCategory}</option>
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
                  <option value="">{COURSE_ADMIN_TEXT.chooseLevel}</option>
                  <LevelOptions />
                </field.SelectField>
              )}
            </form.AppField>
          </div>
          {choosesInstructor && user ? (
            <InstructorField self={user} value={instructorId} onChange={setInstructorId} />
          ) : null}
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
          <form.AppField name="description">
            {(field) => (
              <field.TextAreaField
                id="course-description"
                label={COURSE_ADMIN_TEXT.description}
                required={isRequiredDetail('description')}
              />
            )}
          </form.AppField>
          <div className="flex items-center gap-3">
            <form.SubmitButton className={primaryActionClassName} allowWhileInvalid>
              {create.isPending ? COURSE_ADMIN_TEXT.creating : COURSE_ADMIN_TEXT.createSubmit}
            </form.SubmitButton>
          </div>
          <FormMessage message={serverMessage} />
        </form.Form>
      </form.AppForm>
    </div>
  );
}
