/**
 * Create course ({base}/create, spec sections 2, 5 and 8): title, short description, category and level
 * (required), price (empty is free) and description, by the same contract rules as Edit (issue 24,
 * course-form-schema.ts). On success: 'Course created successfully!' and the course
 * list with the new row highlighted; on failure the server's message, else 'Failed to create course'.
 * An admin also chooses the instructor (decision, the spec is silent): themselves by default, or any
 * instructor from GET /admin/instructors; the server checks the choice (services/courses/create-course.ts).
 */
import { createCourseRequestSchema } from '@lectio/contracts/course';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { can } from '@lectio/contracts/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormShell, schemaForm, useAppForm, withFieldGroup } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import { panelClassName, primaryActionClassName } from '~/components/ui/ui-classes';
import { instructorsQuery } from '~/features/admin/admin-queries';
import { invalidateCourses } from '~/features/catalog/course-queries';
import { serverMessageOr } from '~/features/catalog/error-text';
import { courseListLink } from '~/lib/links';
import { useSession } from '~/lib/session';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { COURSE_DETAIL_DEFAULTS, COURSE_DETAIL_FIELDS, CourseDetailFields } from './CourseDetailFields';
import { COURSE_ADMIN_TEXT } from './course-admin-text';
import { createCourseFormSchema } from './course-form-schema';
import { useManagingBase } from './navigation-state';

const INSTRUCTOR_FIELD = { instructorId: 'instructorId' } as const;

/** The admin's choice of instructor: '' is the admin themselves (the server's default). */
const InstructorField = withFieldGroup({
  defaultValues: { instructorId: '' },
  props: { selfName: '' },
  render: function Render({ group, selfName }) {
    const instructors = useQuery(instructorsQuery);
    const hint = instructors.isPending
      ? COURSE_ADMIN_TEXT.instructorsLoading
      : instructors.isError
        ? COURSE_ADMIN_TEXT.instructorsFailed
        : undefined;
    return (
      <group.AppField name="instructorId">
        {(field) => (
          <field.SelectField id="course-instructor" label={COURSE_ADMIN_TEXT.instructor} hint={hint}>
            <option value="">{COURSE_ADMIN_TEXT.instructorSelf(selfName)}</option>
            {(instructors.data ?? []).map((instructor) => (
              <option key={instructor._id} value={instructor._id}>
                {instructor.isActive
                  ? instructor.name
                  : COURSE_ADMIN_TEXT.instructorSuspended(instructor.name)}{' '}
                ({instructor.email})
              </option>
            ))}
          </field.SelectField>
        )}
      </group.AppField>
    );
  },
});

export function CreateCourseForm() {
  const { user } = useSession();
  const base = useManagingBase();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const create = useMutation(trpc.courses.create.mutationOptions());

  const form = useAppForm({
    ...schemaForm(createCourseFormSchema, { ...COURSE_DETAIL_DEFAULTS, instructorId: '' }),
    onSubmit: async ({ value, formApi }) => {
      setServerMessage(null);
      // The form's reading of its controls, then the request as the contract types it.
      const request = createCourseRequestSchema.parse(createCourseFormSchema.parse(value));
      let response: Awaited<ReturnType<typeof create.mutateAsync>>;
      try {
        response = await create.mutateAsync(request);
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
      <FormShell
        form={form}
        className={`${panelClassName} space-y-5`}
        submit={create.isPending ? COURSE_ADMIN_TEXT.creating : COURSE_ADMIN_TEXT.createSubmit}
        submitClassName={primaryActionClassName}
        allowWhileInvalid
        message={serverMessage}
      >
        <CourseDetailFields form={form} fields={COURSE_DETAIL_FIELDS} creating>
          {user && can(user, 'all') ? (
            <InstructorField form={form} fields={INSTRUCTOR_FIELD} selfName={user.name} />
          ) : null}
        </CourseDetailFields>
      </FormShell>
    </div>
  );
}
