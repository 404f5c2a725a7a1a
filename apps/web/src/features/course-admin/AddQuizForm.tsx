/**
 * Adds a quiz lesson to a course (`lectures.create` with kind `quiz` and no body; decision 0082): its title
 * and whether it is a free preview, by `lectures.create`'s own rules. The quiz starts on the contract's
 * default settings with no questions; the instructor is taken to its edit screen to write them.
 */
import { createLectureRequestSchema } from '@lectio/contracts/lecture';
import { LECTURE_MESSAGES } from '@lectio/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormShell, schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import { panelClassName, primaryActionClassName } from '~/components/ui/ui-classes';
import { updateLectureLink } from '~/lib/links';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { invalidateLectures } from './course-admin-queries';
import { useManagingBase } from './navigation-state';
import { QUIZ_BUILDER_TEXT } from './quiz-builder-text';

const addQuizSchema = createLectureRequestSchema.pick({ title: true, isPreview: true }).required();

export function AddQuizForm({ courseId }: { courseId: string }) {
  const base = useManagingBase();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.lectures.create.mutationOptions());
  const [message, setMessage] = useState<string | null>(null);
  const form = useAppForm({
    ...schemaForm(addQuizSchema, { title: '', isPreview: false }),
    onSubmit: async ({ value, formApi }) => {
      setMessage(null);
      try {
        const { title, isPreview } = addQuizSchema.parse(value);
        const response = await create.mutateAsync({ title, courseId, isPreview, kind: 'quiz' });
        toast.success(response.message || LECTURE_MESSAGES.created);
        await invalidateLectures(queryClient);
        await navigate(updateLectureLink(base, response.data.lecture._id));
      } catch (error) {
        setMessage(applyServerErrors(formApi, error));
      }
    },
  });
  return (
    <section aria-labelledby="add-quiz-heading" className={`${panelClassName} space-y-3`}>
      <h2 id="add-quiz-heading" className="text-lg font-semibold">
        {QUIZ_BUILDER_TEXT.addQuiz}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{QUIZ_BUILDER_TEXT.addQuizHint}</p>
      <FormShell
        form={form}
        label={QUIZ_BUILDER_TEXT.addQuiz}
        submit={QUIZ_BUILDER_TEXT.addQuiz}
        submitClassName={primaryActionClassName}
        allowWhileInvalid
        message={message}
      >
        <form.AppField name="title">
          {(field) => <field.TextField id="quiz-title" label={QUIZ_BUILDER_TEXT.quizTitle} required />}
        </form.AppField>
        <form.AppField name="isPreview">
          {(field) => (
            <field.Checkbox
              label={<span className="text-sm font-medium">{QUIZ_BUILDER_TEXT.quizIsPreview}</span>}
            />
          )}
        </form.AppField>
      </FormShell>
    </section>
  );
}
