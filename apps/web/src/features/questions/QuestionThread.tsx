/**
 * One question's thread on the lesson page (decision 0088): its body (Markdown), its time as a button that
 * seeks the video (or a link that opens its lesson there), the answers with the accepted one first and
 * marked, the instructor's marked "Instructor"; upvotes (one per user, a toggle), Follow, Accept (the asker
 * or the instructor), Edit and Delete of one's own, Report, Hide/Unhide for the instructor and admins, and
 * the reply form. What each may do comes from the server's flags. The thread is polled for new answers
 * while it is open and the tab is visible (questionQuery).
 */
import { formatLectureDuration } from '@lectio/contracts/durations';
import {
  type Answer,
  answerRequestSchema,
  editQuestionRequestSchema,
  QUESTION_LIMITS,
  QUESTION_MESSAGES,
  type QuestionDetail,
} from '@lectio/contracts/questions';
import { useStore } from '@tanstack/react-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { z } from 'zod';
import { Badge } from '~/components/ui/Badge';
import { ErrorLine } from '~/components/ui/ErrorLine';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { InlineForm } from '~/components/ui/form/InlineForm';
import { sendForm } from '~/components/ui/form/send-form';
import { actionClassName } from '~/components/ui/ui-classes';
import { formatReviewDate } from '~/features/reviews/review-format';
import { lectureLink, type SectionBase } from '~/lib/links';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { timeClassName } from '../learning/video-time';
import { QuestionMarkdown } from './QuestionMarkdown';
import { invalidateQuestions, questionQuery, questionWriteCallbacks } from './questions-queries';
import { QUESTIONS_TEXT as TEXT } from './questions-text';

const small = (tone: 'primary' | 'secondary' | 'dangerOutline') => actionClassName(tone, 'small');
const mutedClassName = 'text-sm text-slate-600 dark:text-slate-400';

const answerFormSchema = z.object({ text: answerRequestSchema.shape.body });
const reasonFormSchema = z.object({
  text: z.string().trim().max(QUESTION_LIMITS.reportReasonLength, QUESTION_MESSAGES.reasonTooLong),
});
const editFormSchema = z.object({
  title: editQuestionRequestSchema.shape.title,
  body: editQuestionRequestSchema.shape.body,
});

/** The author's name, with the "Instructor" badge on the course's instructor. */
export function AuthorLine({ name, isInstructor, at }: { name: string; isInstructor: boolean; at: string }) {
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 ${mutedClassName}`}>
      <span className="font-medium text-slate-800 dark:text-slate-200">{name}</span>
      {isInstructor ? <Badge tone="indigo">{TEXT.instructor}</Badge> : null}
      <time dateTime={at}>{formatReviewDate(at)}</time>
    </p>
  );
}

/** A question's time: a button that seeks this lesson's video, or a link that opens its lesson there. */
export function QuestionTime({
  base,
  courseId,
  lecture,
  seconds,
  currentLectureId,
  onSeek,
}: {
  base: SectionBase;
  courseId: string;
  lecture: { _id: string; title: string } | null;
  seconds: number | null;
  /** The lesson on the page (null on the course page): its times seek instead of linking. */
  currentLectureId: string | null;
  onSeek: (seconds: number) => void;
}) {
  if (seconds === null || lecture === null) return null;
  const time = formatLectureDuration(seconds);
  if (lecture._id === currentLectureId) {
    return (
      <button
        type="button"
        onClick={() => onSeek(seconds)}
        aria-label={TEXT.seekTo(time)}
        className={timeClassName}
      >
        {time}
      </button>
    );
  }
  return (
    <Link
      {...lectureLink(base, courseId, lecture._id, seconds)}
      aria-label={TEXT.openAt(lecture.title, time)}
      className={timeClassName}
    >
      {time}
    </Link>
  );
}

/** An upvote toggle: pressed when the viewer has upvoted, with the count beside the arrow. */
function VoteButton({
  count,
  voted,
  busy,
  onToggle,
}: {
  count: number;
  voted: boolean;
  busy: boolean;
  onToggle: () => void;
}) {
  // The name is the visible count with words around it for screen readers: "Upvote, 2 upvotes".
  return (
    <button
      type="button"
      aria-pressed={voted}
      disabled={busy}
      onClick={onToggle}
      className={small(voted ? 'primary' : 'secondary')}
    >
      <span aria-hidden="true">▲</span>
      <span aria-hidden="true" className="tabular-nums">
        {count}
      </span>
      <span className="sr-only">{TEXT.voteName(voted, count)}</span>
    </button>
  );
}

/** A one-box form: the reply, an answer's edit, a report's reason. */
function TextForm({
  label,
  initial,
  rows,
  maxLength,
  submit,
  pendingLabel,
  schema,
  onSend,
  onCancel,
}: {
  label: string;
  initial: string;
  rows: number;
  maxLength: number;
  submit: string;
  pendingLabel: string;
  schema: z.ZodObject<{ text: z.ZodString }>;
  onSend: (text: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useAppForm({
    ...schemaForm(schema, { text: initial }),
    onSubmit: async ({ value, formApi }) => {
      const { text } = schema.parse(value);
      const result = await sendForm(formApi, setProblem, () => onSend(text));
      if (result === undefined) return;
      formApi.reset();
    },
  });
  const pending = useStore(form.store, (state) => state.isSubmitting);
  return (
    <InlineForm
      form={form}
      label={label}
      submit={pending ? pendingLabel : submit}
      cancel={TEXT.cancel}
      onCancel={onCancel}
      message={problem}
    >
      <form.AppField name="text">
        {(field) => <field.TextAreaField id={`${id}-text`} label={label} rows={rows} maxLength={maxLength} />}
      </form.AppField>
    </InlineForm>
  );
}

function EditQuestionForm({ question, onDone }: { question: QuestionDetail; onDone: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const edit = useMutation(trpc.questions.edit.mutationOptions());
  const form = useAppForm({
    ...schemaForm(editFormSchema, { title: question.title, body: question.body }),
    onSubmit: async ({ value, formApi }) => {
      const { title, body } = editFormSchema.parse(value);
      const result = await sendForm(formApi, setProblem, () =>
        edit.mutateAsync({ questionId: question._id, title, body }),
      );
      if (!result) return;
      toast.success(result.message);
      await invalidateQuestions(client);
      onDone();
    },
  });
  const pending = useStore(form.store, (state) => state.isSubmitting);
  return (
    <InlineForm
      form={form}
      label={TEXT.editQuestion}
      submit={pending ? TEXT.saving : TEXT.save}
      cancel={TEXT.cancel}
      onCancel={onDone}
      message={problem}
    >
      <form.AppField name="title">
        {(field) => (
          <field.TextField id={`${id}-title`} label={TEXT.askTitle} maxLength={QUESTION_LIMITS.titleLength} />
        )}
      </form.AppField>
      <form.AppField name="body">
        {(field) => (
          <field.TextAreaField
            id={`${id}-body`}
            label={TEXT.askBody}
            rows={5}
            maxLength={QUESTION_LIMITS.bodyLength}
          />
        )}
      </form.AppField>
    </InlineForm>
  );
}

/** Report, with an optional reason: a small form that opens under the post. */
function useReport(send: (reason: string | undefined) => Promise<{ message: string }>) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const form = open ? (
    <TextForm
      label={TEXT.reportReason}
      initial=""
      rows={2}
      maxLength={QUESTION_LIMITS.reportReasonLength}
      submit={TEXT.sendReport}
      pendingLabel={TEXT.posting}
      schema={reasonFormSchema}
      onSend={async (reason) => {
        const result = await send(reason === '' ? undefined : reason);
        toast.success(result.message);
        setSent(true);
        setOpen(false);
        return result;
      }}
      onCancel={() => setOpen(false)}
    />
  ) : null;
  return { open, sent, toggle: () => setOpen((value) => !value), form };
}

function Actions({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of buttons, not a form field set.
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2">
      {children}
    </div>
  );
}

function AnswerItem({ answer, question }: { answer: Answer; question: QuestionDetail }) {
  const client = useQueryClient();
  const callbacks = questionWriteCallbacks(client);
  const [editing, setEditing] = useState(false);
  const vote = useMutation(trpc.answers.vote.mutationOptions(callbacks));
  const unvote = useMutation(trpc.answers.unvote.mutationOptions(callbacks));
  const accept = useMutation(trpc.questions.accept.mutationOptions(callbacks));
  const unaccept = useMutation(trpc.questions.unaccept.mutationOptions(callbacks));
  const remove = useMutation(trpc.answers.delete.mutationOptions(callbacks));
  const hide = useMutation(trpc.answers.hide.mutationOptions(callbacks));
  const unhide = useMutation(trpc.answers.unhide.mutationOptions(callbacks));
  const editAnswer = useMutation(trpc.answers.edit.mutationOptions());
  const reportCall = useMutation(trpc.answers.report.mutationOptions());
  const report = useReport((reason) =>
    reportCall.mutateAsync({ answerId: answer._id, ...(reason ? { reason } : {}) }),
  );
  const name = answer.author.name;
  const voting = vote.isPending || unvote.isPending;
  return (
    <li
      className={`space-y-2 rounded-lg border p-3 ${
        answer.accepted
          ? 'border-emerald-600 bg-emerald-50/60 dark:border-emerald-500 dark:bg-emerald-950/40'
          : 'border-slate-200 dark:border-slate-700'
      }`}
    >
      <article aria-label={TEXT.answerActions(name)} className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          {answer.accepted ? <Badge tone="green">{TEXT.accepted}</Badge> : null}
          {answer.hidden ? <Badge tone="red">{TEXT.hidden}</Badge> : null}
          <AuthorLine name={name} isInstructor={answer.author.isInstructor} at={answer.createdAt} />
        </div>
        {editing ? (
          <TextForm
            label={TEXT.editAnswer}
            initial={answer.body}
            rows={4}
            maxLength={QUESTION_LIMITS.answerLength}
            submit={TEXT.save}
            pendingLabel={TEXT.saving}
            schema={answerFormSchema}
            onSend={async (body) => {
              const result = await editAnswer.mutateAsync({ answerId: answer._id, body });
              toast.success(result.message);
              await invalidateQuestions(client);
              setEditing(false);
              return result;
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <QuestionMarkdown markdown={answer.body} />
        )}
        <Actions label={TEXT.answerActions(name)}>
          <VoteButton
            count={answer.voteCount}
            voted={answer.votedByMe}
            busy={voting}
            onToggle={() =>
              answer.votedByMe
                ? unvote.mutate({ answerId: answer._id })
                : vote.mutate({ answerId: answer._id })
            }
          />
          {answer.canAccept && question.canAccept ? (
            answer.accepted ? (
              <button
                type="button"
                disabled={unaccept.isPending}
                onClick={() => unaccept.mutate({ questionId: question._id })}
                className={small('secondary')}
              >
                {TEXT.unaccept}
              </button>
            ) : answer.hidden ? null : (
              <button
                type="button"
                disabled={accept.isPending}
                onClick={() => accept.mutate({ questionId: question._id, answerId: answer._id })}
                className={small('primary')}
              >
                {TEXT.accept}
              </button>
            )
          ) : null}
          {answer.canEdit && !editing ? (
            <button type="button" onClick={() => setEditing(true)} className={small('secondary')}>
              {TEXT.edit}
            </button>
          ) : null}
          {answer.canDelete ? (
            <button
              type="button"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(TEXT.deleteAnswerConfirm)) remove.mutate({ answerId: answer._id });
              }}
              className={small('dangerOutline')}
            >
              {TEXT.delete}
            </button>
          ) : null}
          {answer.canReport && !report.sent ? (
            <button
              type="button"
              aria-expanded={report.open}
              onClick={report.toggle}
              className={small('secondary')}
            >
              {TEXT.report}
            </button>
          ) : null}
          {answer.canModerate ? (
            <button
              type="button"
              disabled={hide.isPending || unhide.isPending}
              onClick={() =>
                answer.hidden
                  ? unhide.mutate({ answerId: answer._id })
                  : hide.mutate({ answerId: answer._id })
              }
              className={small(answer.hidden ? 'secondary' : 'dangerOutline')}
            >
              {answer.hidden ? TEXT.unhide : TEXT.hide}
            </button>
          ) : null}
        </Actions>
        {report.form}
      </article>
    </li>
  );
}

function QuestionBody({
  question,
  base,
  currentLectureId,
  onSeek,
  onDeleted,
  headingId,
}: {
  question: QuestionDetail;
  base: SectionBase;
  /** The lesson on the page (null on the course page): its times seek instead of linking. */
  currentLectureId: string | null;
  onSeek: (seconds: number) => void;
  onDeleted: () => void;
  headingId: string;
}) {
  const client = useQueryClient();
  const callbacks = questionWriteCallbacks(client);
  const [editing, setEditing] = useState(false);
  const vote = useMutation(trpc.questions.vote.mutationOptions(callbacks));
  const unvote = useMutation(trpc.questions.unvote.mutationOptions(callbacks));
  const follow = useMutation(trpc.questions.follow.mutationOptions(callbacks));
  const unfollow = useMutation(trpc.questions.unfollow.mutationOptions(callbacks));
  const hide = useMutation(trpc.questions.hide.mutationOptions(callbacks));
  const unhide = useMutation(trpc.questions.unhide.mutationOptions(callbacks));
  const remove = useMutation(
    trpc.questions.delete.mutationOptions({
      ...callbacks,
      onSuccess: (result) => {
        onDeleted();
        callbacks.onSuccess(result);
      },
    }),
  );
  const reportCall = useMutation(trpc.questions.report.mutationOptions());
  const report = useReport((reason) =>
    reportCall.mutateAsync({ questionId: question._id, ...(reason ? { reason } : {}) }),
  );
  const id = { questionId: question._id };
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} tabIndex={-1} className="min-w-0 break-words text-lg font-semibold">
          {question.title}
        </h3>
        {question.hidden ? <Badge tone="red">{TEXT.hidden}</Badge> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <QuestionTime
          base={base}
          courseId={question.courseId}
          lecture={question.lecture}
          seconds={question.seconds}
          currentLectureId={currentLectureId}
          onSeek={onSeek}
        />
        <AuthorLine
          name={question.author.name}
          isInstructor={question.author.isInstructor}
          at={question.createdAt}
        />
      </div>
      {question.lecture && question.lecture._id !== currentLectureId ? (
        <p className={mutedClassName}>
          <Link
            {...lectureLink(base, question.courseId, question.lecture._id)}
            className="text-indigo-700 hover:underline dark:text-indigo-300"
          >
            {TEXT.onLesson(question.lecture.title)}
          </Link>
        </p>
      ) : question.lecture === null ? (
        <p className={mutedClassName}>{TEXT.generalQuestion}</p>
      ) : null}
      {editing ? (
        <EditQuestionForm question={question} onDone={() => setEditing(false)} />
      ) : (
        <QuestionMarkdown markdown={question.body} />
      )}
      <Actions label={TEXT.questionActions}>
        <VoteButton
          count={question.voteCount}
          voted={question.votedByMe}
          busy={vote.isPending || unvote.isPending}
          onToggle={() => (question.votedByMe ? unvote.mutate(id) : vote.mutate(id))}
        />
        <button
          type="button"
          aria-pressed={question.followedByMe}
          disabled={follow.isPending || unfollow.isPending}
          title={TEXT.followHint}
          onClick={() => (question.followedByMe ? unfollow.mutate(id) : follow.mutate(id))}
          className={small('secondary')}
        >
          {question.followedByMe ? TEXT.unfollow : TEXT.follow}
        </button>
        {question.canEdit && !editing ? (
          <button type="button" onClick={() => setEditing(true)} className={small('secondary')}>
            {TEXT.edit}
          </button>
        ) : null}
        {question.canDelete ? (
          <button
            type="button"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(TEXT.deleteQuestionConfirm)) remove.mutate(id);
            }}
            className={small('dangerOutline')}
          >
            {TEXT.delete}
          </button>
        ) : null}
        {question.canReport && !report.sent ? (
          <button
            type="button"
            aria-expanded={report.open}
            onClick={report.toggle}
            className={small('secondary')}
          >
            {TEXT.report}
          </button>
        ) : null}
        {question.canModerate ? (
          <button
            type="button"
            disabled={hide.isPending || unhide.isPending}
            onClick={() => (question.hidden ? unhide.mutate(id) : hide.mutate(id))}
            className={small(question.hidden ? 'secondary' : 'dangerOutline')}
          >
            {question.hidden ? TEXT.unhide : TEXT.hide}
          </button>
        ) : null}
      </Actions>
      {report.form}
    </div>
  );
}

export function QuestionThread({
  questionId,
  base,
  currentLectureId,
  onSeek,
  onBack,
}: {
  questionId: string;
  base: SectionBase;
  /** The lesson on the page (null on the course page): its times seek instead of linking. */
  currentLectureId: string | null;
  onSeek: (seconds: number) => void;
  onBack: () => void;
}) {
  const client = useQueryClient();
  const headingId = useId();
  const thread = useQuery(questionQuery(questionId));
  const answer = useMutation(trpc.questions.answer.mutationOptions());
  const focused = useRef(false);
  const question = thread.data;

  // Opening a thread moves the focus to its title (and the page to it), for keyboards and screen readers.
  useEffect(() => {
    if (!question || focused.current) return;
    focused.current = true;
    const heading = document.getElementById(headingId);
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView?.({ block: 'nearest' });
  }, [question, headingId]);

  return (
    <div className="space-y-4">
      <button type="button" onClick={onBack} className={small('secondary')}>
        <span aria-hidden="true">←</span> {TEXT.back}
      </button>
      {thread.isPending ? (
        <p role="status" className={mutedClassName}>
          {TEXT.threadLoading}
        </p>
      ) : thread.isError || !question ? (
        <ErrorLine message={TEXT.threadFailed} />
      ) : (
        <article aria-labelledby={headingId} className="space-y-4">
          <QuestionBody
            question={question}
            base={base}
            currentLectureId={currentLectureId}
            onSeek={onSeek}
            onDeleted={onBack}
            headingId={headingId}
          />
          <section aria-label={TEXT.answersTitle(question.answers.length)} className="space-y-3">
            <h4 className="font-semibold">{TEXT.answersTitle(question.answers.length)}</h4>
            {question.answers.length === 0 ? (
              <p className={mutedClassName}>{TEXT.noAnswers}</p>
            ) : (
              <ul className="space-y-3">
                {question.answers.map((item) => (
                  <AnswerItem key={item._id} answer={item} question={question} />
                ))}
              </ul>
            )}
          </section>
          {question.canAnswer ? (
            <TextForm
              label={TEXT.yourAnswer}
              initial=""
              rows={4}
              maxLength={QUESTION_LIMITS.answerLength}
              submit={TEXT.postAnswer}
              pendingLabel={TEXT.posting}
              schema={answerFormSchema}
              onSend={async (body) => {
                const result = await answer.mutateAsync({ questionId: question._id, body });
                toast.success(result.message);
                await invalidateQuestions(client);
                return result;
              }}
            />
          ) : null}
        </article>
      )}
    </div>
  );
}
