/**
 * The quiz builder on a quiz lesson's edit screen (issue 26 item 3, decision 0082): the settings and the
 * questions of the four types, each a fieldset; questions and options are added, removed and moved. It
 * loads with `quizzes.edit` and saves the whole quiz with `quizzes.save`; the rules and messages are the
 * contract's (quiz-builder-form.ts).
 */
import { type EditableQuiz, QUESTION_TYPES, QUIZ_LIMITS, QUIZ_MESSAGES } from '@lectio/contracts/quizzes';
import { type AnyFieldApi, useStore } from '@tanstack/react-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorLine } from '~/components/ui/ErrorLine';
import { FormMessage } from '~/components/ui/form/FormMessage';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import { errorTextClassName, panelClassName, primaryActionClassName } from '~/components/ui/ui-classes';
import { errorMessage } from '~/lib/api-errors';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { MoveButton } from './MoveButton';
import {
  blankOption,
  blankQuestion,
  builderValues,
  quizBuilderSchema,
  toSaveRequest,
} from './quiz-builder-form';
import { QUESTION_TYPE_LABELS, QUIZ_BUILDER_TEXT } from './quiz-builder-text';
import { StringListField } from './StringListEditor';

const smallButtonClassName =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-md border border-slate-400 px-2 text-sm text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800';
const addButtonClassName =
  'rounded-md border border-dashed border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 disabled:opacity-40 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800';

/** A list field's own message (too few options, none correct), once the form was submitted. */
function ListError({ field, id }: { field: AnyFieldApi; id: string }) {
  const submitted = useStore(field.form.store, (state) => state.submissionAttempts > 0);
  const first: unknown = field.state.meta.errors[0];
  const message =
    typeof first === 'string'
      ? first
      : typeof first === 'object' && first !== null && 'message' in first
        ? String(first.message)
        : null;
  if (!submitted || !message) return null;
  return (
    <p id={id} role="alert" className={errorTextClassName}>
      {message}
    </p>
  );
}

function QuizBuilderForm({ quiz }: { quiz: EditableQuiz }) {
  const client = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const save = useMutation(trpc.quizzes.save.mutationOptions());
  const form = useAppForm({
    ...schemaForm(quizBuilderSchema(quiz.lectureId), builderValues(quiz)),
    onSubmit: async ({ value, formApi }) => {
      setMessage(null);
      try {
        const answer = await save.mutateAsync(toSaveRequest(quiz.lectureId, value));
        client.setQueryData(trpc.quizzes.edit.queryKey({ lectureId: quiz.lectureId }), answer);
        formApi.reset(builderValues(answer.data.quiz));
        toast.success(answer.message ?? QUIZ_MESSAGES.saved);
        void client.invalidateQueries(trpc.quizzes.get.queryFilter({ lectureId: quiz.lectureId }));
      } catch (error) {
        setMessage(applyServerErrors(formApi, error));
      }
    },
  });
  const saving = useStore(form.store, (state) => state.isSubmitting);

  return (
    <form.AppForm>
      <form.Form label={QUIZ_BUILDER_TEXT.formLabel} className="space-y-6">
        <fieldset className={`${panelClassName} space-y-4`}>
          <legend className="text-lg font-semibold">{QUIZ_BUILDER_TEXT.settings}</legend>
          <form.AppField name="passMark">
            {(field) => (
              <field.TextField
                id="quiz-pass-mark"
                type="number"
                label={QUIZ_BUILDER_TEXT.passMark}
                required
              />
            )}
          </form.AppField>
          {OPTIONAL_LIMITS.map((limit) => (
            // Each toggle on its own line, with the number it opens right under it.
            <div key={limit.toggle} className="space-y-2">
              <form.AppField name={limit.toggle}>
                {(field) => <field.Checkbox label={limit.toggleLabel} />}
              </form.AppField>
              <form.Subscribe selector={(state) => state.values[limit.toggle]}>
                {(on) =>
                  on ? (
                    <form.AppField name={limit.field}>
                      {(field) => (
                        <field.TextField id={limit.id} type="number" label={limit.label} required />
                      )}
                    </form.AppField>
                  ) : null
                }
              </form.Subscribe>
            </div>
          ))}
          <div className="flex flex-col gap-2">
            <form.AppField name="shuffleQuestions">
              {(field) => <field.Checkbox label={QUIZ_BUILDER_TEXT.shuffleQuestions} />}
            </form.AppField>
            <form.AppField name="shuffleOptions">
              {(field) => <field.Checkbox label={QUIZ_BUILDER_TEXT.shuffleOptions} />}
            </form.AppField>
            <form.AppField name="showAnswers">
              {(field) => <field.Checkbox label={QUIZ_BUILDER_TEXT.showAnswers} />}
            </form.AppField>
          </div>
        </fieldset>

        <form.Field name="questions" mode="array">
          {(questions) => (
            <section aria-labelledby="quiz-questions-heading" className="space-y-4">
              <h2 id="quiz-questions-heading" className="text-lg font-semibold">
                {QUIZ_BUILDER_TEXT.questions}
              </h2>
              {questions.state.value.length === 0 ? <p>{QUIZ_BUILDER_TEXT.noQuestions}</p> : null}
              {questions.state.value.map((_, index) => {
                const position = index + 1;
                const prefix = `quiz-question-${index}`;
                return (
                  <form.Subscribe
                    // biome-ignore lint/suspicious/noArrayIndexKey: a question is its place in the list; moving one moves its values.
                    key={index}
                    selector={(state) => state.values.questions[index]?.type ?? 'single'}
                  >
                    {(type) => (
                      <fieldset className={`${panelClassName} space-y-4`}>
                        <legend className="font-semibold">{QUIZ_BUILDER_TEXT.question(position)}</legend>
                        <div className="flex flex-wrap gap-2">
                          {([-1, 1] as const).map((direction) => (
                            <MoveButton
                              key={direction}
                              direction={direction}
                              what={QUIZ_BUILDER_TEXT.question(position)}
                              onClick={() => questions.moveValue(index, index + direction)}
                              disabled={questions.state.value[index + direction] === undefined}
                              className={smallButtonClassName}
                            />
                          ))}
                          <button
                            type="button"
                            className={smallButtonClassName}
                            onClick={() => questions.removeValue(index)}
                          >
                            {QUIZ_BUILDER_TEXT.removeQuestion(position)}
                          </button>
                        </div>
                        <form.AppField name={`questions[${index}].type`}>
                          {(field) => (
                            <field.SelectField id={`${prefix}-type`} label={QUIZ_BUILDER_TEXT.questionType}>
                              {QUESTION_TYPES.map((type) => (
                                <option key={type} value={type}>
                                  {QUESTION_TYPE_LABELS[type]}
                                </option>
                              ))}
                            </field.SelectField>
                          )}
                        </form.AppField>
                        <form.AppField name={`questions[${index}].prompt`}>
                          {(field) => (
                            <field.TextAreaField
                              id={`${prefix}-prompt`}
                              label={QUIZ_BUILDER_TEXT.prompt}
                              rows={2}
                              maxLength={QUIZ_LIMITS.promptLength}
                              required
                            />
                          )}
                        </form.AppField>
                        {type === 'single' || type === 'multiple' ? (
                          <form.Field name={`questions[${index}].options`} mode="array">
                            {(options) => (
                              <fieldset className="space-y-2" aria-describedby={`${prefix}-options-error`}>
                                <legend className="text-sm font-medium">{QUIZ_BUILDER_TEXT.options}</legend>
                                <ol className="space-y-2">
                                  {options.state.value.map((_, optionIndex) => {
                                    const optionPosition = optionIndex + 1;
                                    return (
                                      // biome-ignore lint/suspicious/noArrayIndexKey: an option is its place in the list.
                                      <li key={optionIndex} className="flex flex-wrap items-end gap-2">
                                        <div className="min-w-48 flex-1">
                                          <form.AppField
                                            name={`questions[${index}].options[${optionIndex}].text`}
                                          >
                                            {(field) => (
                                              <field.TextField
                                                id={`${prefix}-option-${optionIndex}`}
                                                label={QUIZ_BUILDER_TEXT.optionText(optionPosition)}
                                                maxLength={QUIZ_LIMITS.optionLength}
                                              />
                                            )}
                                          </form.AppField>
                                        </div>
                                        <form.Field
                                          name={`questions[${index}].options[${optionIndex}].isCorrect`}
                                        >
                                          {(field) => (
                                            <label className="inline-flex h-10 items-center gap-2">
                                              <input
                                                type={type === 'single' ? 'radio' : 'checkbox'}
                                                name={`${prefix}-correct`}
                                                checked={field.state.value}
                                                aria-label={QUIZ_BUILDER_TEXT.markCorrect(optionPosition)}
                                                onChange={(event) => {
                                                  if (type === 'single') {
                                                    options.handleChange(
                                                      options.state.value.map((option, other) => ({
                                                        ...option,
                                                        isCorrect: other === optionIndex,
                                                      })),
                                                    );
                                                  } else {
                                                    field.handleChange(event.target.checked);
                                                  }
                                                }}
                                                className="h-4 w-4 accent-indigo-600"
                                              />
                                              <span aria-hidden="true">{QUIZ_BUILDER_TEXT.correct}</span>
                                            </label>
                                          )}
                                        </form.Field>
                                        {([-1, 1] as const).map((direction) => (
                                          <MoveButton
                                            key={direction}
                                            direction={direction}
                                            what={QUIZ_BUILDER_TEXT.option(optionPosition)}
                                            onClick={() =>
                                              options.moveValue(optionIndex, optionIndex + direction)
                                            }
                                            disabled={
                                              options.state.value[optionIndex + direction] === undefined
                                            }
                                            className={smallButtonClassName}
                                          />
                                        ))}
                                        <button
                                          type="button"
                                          className={smallButtonClassName}
                                          onClick={() => options.removeValue(optionIndex)}
                                        >
                                          <span aria-hidden="true">&times;</span>
                                          <span className="sr-only">
                                            {QUIZ_BUILDER_TEXT.removeOption(optionPosition)}
                                          </span>
                                        </button>
                                      </li>
                                    );
                                  })}
                                </ol>
                                <button
                                  type="button"
                                  className={addButtonClassName}
                                  disabled={options.state.value.length >= QUIZ_LIMITS.options}
                                  onClick={() => options.pushValue(blankOption())}
                                >
                                  {QUIZ_BUILDER_TEXT.addOption}
                                </button>
                                <ListError field={options} id={`${prefix}-options-error`} />
                              </fieldset>
                            )}
                          </form.Field>
                        ) : type === 'true_false' ? (
                          <form.Field name={`questions[${index}].correctAnswer`}>
                            {(field) => (
                              <fieldset className="space-y-1">
                                <legend className="text-sm font-medium">
                                  {QUIZ_BUILDER_TEXT.correctAnswer}
                                </legend>
                                {(
                                  [
                                    [true, QUIZ_BUILDER_TEXT.trueLabel],
                                    [false, QUIZ_BUILDER_TEXT.falseLabel],
                                  ] as const
                                ).map(([value, label]) => (
                                  <label key={label} className="flex items-center gap-2">
                                    <input
                                      type="radio"
                                      name={`${prefix}-true-false`}
                                      checked={field.state.value === value}
                                      onChange={() => field.handleChange(value)}
                                      className="h-4 w-4 accent-indigo-600"
                                    />
                                    {label}
                                  </label>
                                ))}
                              </fieldset>
                            )}
                          </form.Field>
                        ) : (
                          <form.AppField name={`questions[${index}].acceptedAnswers`}>
                            {() => (
                              <StringListField
                                id={`${prefix}-accepted`}
                                legend={QUIZ_BUILDER_TEXT.acceptedAnswers}
                                itemLabel={QUIZ_BUILDER_TEXT.acceptedAnswer}
                              />
                            )}
                          </form.AppField>
                        )}
                        <form.AppField name={`questions[${index}].explanation`}>
                          {(field) => (
                            <field.TextAreaField
                              id={`${prefix}-explanation`}
                              label={QUIZ_BUILDER_TEXT.explanation}
                              hint={QUIZ_BUILDER_TEXT.explanationHint}
                              rows={2}
                              maxLength={QUIZ_LIMITS.explanationLength}
                            />
                          )}
                        </form.AppField>
                      </fieldset>
                    )}
                  </form.Subscribe>
                );
              })}
              <button
                type="button"
                className={addButtonClassName}
                disabled={questions.state.value.length >= QUIZ_LIMITS.questions}
                onClick={() => questions.pushValue(blankQuestion())}
              >
                {QUIZ_BUILDER_TEXT.addQuestion}
              </button>
              <ListError field={questions} id="quiz-questions-error" />
            </section>
          )}
        </form.Field>
        <div className="space-y-2">
          <button type="submit" disabled={saving} className={primaryActionClassName}>
            {saving ? QUIZ_BUILDER_TEXT.saving : QUIZ_BUILDER_TEXT.save}
          </button>
          <FormMessage message={message} />
        </div>
      </form.Form>
    </form.AppForm>
  );
}

/** The two settings a toggle opens: an attempts limit and a time limit. */
const OPTIONAL_LIMITS = [
  {
    toggle: 'attemptsLimited',
    toggleLabel: QUIZ_BUILDER_TEXT.limitAttempts,
    field: 'attemptsAllowed',
    id: 'quiz-attempts',
    label: QUIZ_BUILDER_TEXT.attemptsAllowed,
  },
  {
    toggle: 'timed',
    toggleLabel: QUIZ_BUILDER_TEXT.timed,
    field: 'timeLimitMinutes',
    id: 'quiz-time-limit',
    label: QUIZ_BUILDER_TEXT.timeLimit,
  },
] as const;

export function QuizBuilder({ lectureId }: { lectureId: string }) {
  const quiz = useQuery(trpc.quizzes.edit.queryOptions({ lectureId }));
  return (
    <section aria-labelledby="quiz-builder-heading" className="space-y-4">
      <h2 id="quiz-builder-heading" className="text-xl font-semibold">
        {QUIZ_BUILDER_TEXT.heading}
      </h2>
      {quiz.isPending ? (
        <p role="status">{QUIZ_BUILDER_TEXT.loading}</p>
      ) : quiz.isError ? (
        <ErrorLine message={`${QUIZ_BUILDER_TEXT.loadFailed}: ${errorMessage(quiz.error)}`} />
      ) : (
        <>
          {quiz.data.data.quiz.attemptCount > 0 ? (
            <p className="text-sm">{QUIZ_BUILDER_TEXT.attemptsSoFar(quiz.data.data.quiz.attemptCount)}</p>
          ) : null}
          <QuizBuilderForm key={quiz.data.data.quiz.lectureId} quiz={quiz.data.data.quiz} />
        </>
      )}
    </section>
  );
}
