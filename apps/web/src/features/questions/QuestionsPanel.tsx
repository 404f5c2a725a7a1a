/**
 * The Q&A panel (issue 28 item 1, decision 0088). Under a lesson's notes: this lesson's questions, the
 * whole course's or the viewer's own (and, for the course's instructor and admins, the hidden ones),
 * newest, most upvoted or unanswered first, or found by the server's full-text search; "Load more" pages
 * on. "Ask a question" takes a title and a Markdown body, and on a video the player's current time ("Ask
 * at 0:42", the time a note takes). On the course page (no lesson): the whole course's questions, the
 * viewer's own and the hidden ones, and "Ask a question" asks a general question about the course. A
 * question opens its thread in the panel (QuestionThread), as `?question={id}` does (a notification's,
 * an e-mail's or the instructor home's link).
 */
import { formatLectureDuration } from '@lectio/contracts/durations';
import type { Lecture } from '@lectio/contracts/lecture';
import {
  askQuestionRequestSchema,
  QUESTION_LIMITS,
  type QuestionScope,
  type QuestionSort,
  type QuestionSummary,
} from '@lectio/contracts/questions';
import { useStore } from '@tanstack/react-form';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { z } from 'zod';
import { Badge } from '~/components/ui/Badge';
import { FilterSelect } from '~/components/ui/FilterSelect';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { InlineForm } from '~/components/ui/form/InlineForm';
import { sendForm } from '~/components/ui/form/send-form';
import { PagedList } from '~/components/ui/PagedList';
import { actionClassName, fieldClassName, panelClassName } from '~/components/ui/ui-classes';
import type { SectionBase } from '~/lib/links';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { useLessonTime } from '../learning/video-time';
import { AuthorLine, QuestionThread, QuestionTime } from './QuestionThread';
import { invalidateQuestions, type QuestionListFilter, questionListQuery } from './questions-queries';
import { QUESTIONS_TEXT as TEXT } from './questions-text';

const askFormSchema = z.object({
  title: askQuestionRequestSchema.shape.title,
  body: askQuestionRequestSchema.shape.body,
});
const mutedClassName = 'text-sm text-slate-600 dark:text-slate-400';

type View = 'lesson' | 'course' | 'mine' | 'hidden';

function AskForm({
  courseId,
  lecture,
  video,
  onAsked,
  onCancel,
}: {
  courseId: string;
  lecture: Lecture | null;
  video: HTMLVideoElement | null;
  onAsked: (questionId: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const client = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const ask = useMutation(trpc.questions.ask.mutationOptions());
  // The time the button shows is the time the question gets.
  const at = useLessonTime(lecture, video);
  const form = useAppForm({
    ...schemaForm(askFormSchema, { title: '', body: '' }),
    onSubmit: async ({ value, formApi }) => {
      const { title, body } = askFormSchema.parse(value);
      const result = await sendForm(formApi, setProblem, () =>
        ask.mutateAsync({ courseId, lectureId: lecture?._id ?? null, title, body, seconds: at }),
      );
      if (!result) return;
      toast.success(result.message);
      formApi.reset();
      await invalidateQuestions(client);
      onAsked(result.question._id);
    },
  });
  const pending = useStore(form.store, (state) => state.isSubmitting);
  return (
    <InlineForm
      form={form}
      label={TEXT.ask}
      submit={pending ? TEXT.asking : at === null ? TEXT.ask : TEXT.askAt(formatLectureDuration(at))}
      cancel={TEXT.cancel}
      onCancel={onCancel}
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

function QuestionItem({
  question,
  base,
  currentLectureId,
  showLesson,
  onOpen,
  onSeek,
}: {
  question: QuestionSummary;
  base: SectionBase;
  currentLectureId: string | null;
  showLesson: boolean;
  onOpen: (questionId: string) => void;
  onSeek: (seconds: number) => void;
}) {
  return (
    <li className="space-y-1 py-3">
      <div className="flex items-start gap-2">
        <QuestionTime
          base={base}
          courseId={question.courseId}
          lecture={question.lecture}
          seconds={question.seconds}
          currentLectureId={currentLectureId}
          onSeek={onSeek}
        />
        <div className="min-w-0 flex-1 space-y-1">
          <button
            type="button"
            onClick={() => onOpen(question._id)}
            className="text-left font-semibold break-words text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
          >
            {question.title}
          </button>
          {question.excerpt ? (
            <p className="line-clamp-2 break-words text-sm text-slate-700 dark:text-slate-300">
              {question.excerpt}
            </p>
          ) : null}
          <AuthorLine
            name={question.author.name}
            isInstructor={question.author.isInstructor}
            at={question.createdAt}
          />
          <p className={`flex flex-wrap items-center gap-2 ${mutedClassName}`}>
            <span>{TEXT.votes(question.voteCount)}</span>
            <span aria-hidden="true">·</span>
            <span>{TEXT.answers(question.answerCount)}</span>
            {question.hasAcceptedAnswer ? <Badge tone="green">{TEXT.answered}</Badge> : null}
            {question.hidden ? <Badge tone="red">{TEXT.hidden}</Badge> : null}
            {showLesson ? (
              <span className="min-w-0 break-words">
                {question.lecture ? TEXT.onLesson(question.lecture.title) : TEXT.generalQuestion}
              </span>
            ) : null}
          </p>
        </div>
      </div>
    </li>
  );
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <search className="w-full min-w-0 sm:w-auto sm:flex-1">
      <form onSubmit={submit} className="flex min-w-0 flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1 space-y-1">
          <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            {TEXT.search}
          </label>
          <input
            id={id}
            type="search"
            value={draft}
            maxLength={QUESTION_LIMITS.searchLength}
            onChange={(event) => setDraft(event.target.value)}
            className={fieldClassName}
          />
        </div>
        <button type="submit" className={actionClassName('secondary')}>
          {TEXT.searchButton}
        </button>
        {value ? (
          <button
            type="button"
            onClick={() => {
              setDraft('');
              onSearch('');
            }}
            className={actionClassName('secondary')}
          >
            {TEXT.clearSearch}
          </button>
        ) : null}
      </form>
    </search>
  );
}

function emptyText(view: View, q: string, sort: QuestionSort): string {
  if (q) return TEXT.noneFound;
  if (sort === 'unanswered') return TEXT.noneUnanswered;
  if (view === 'mine') return TEXT.noneMine;
  if (view === 'lesson') return TEXT.noneHere;
  return TEXT.noneInCourse;
}

function filterOf(courseId: string, lectureId: string | null, view: View, sort: QuestionSort, q: string) {
  const scope: QuestionScope = view === 'mine' ? 'mine' : view === 'hidden' ? 'hidden' : 'all';
  const filter: QuestionListFilter = { courseId, sort, scope, q };
  if (view === 'lesson' && lectureId) filter.lectureId = lectureId;
  return filter;
}

export function QuestionsPanel({
  base,
  courseId,
  lecture,
  video,
  questionId,
}: {
  base: SectionBase;
  courseId: string;
  /** The lesson on the page; null on the course page. */
  lecture: Lecture | null;
  /** The lesson's video element, when it has one on the page. */
  video: HTMLVideoElement | null;
  /** The thread to open (`?question=`). */
  questionId: string | null;
}) {
  const titleId = useId();
  const [view, setView] = useState<View>(lecture ? 'lesson' : 'course');
  const [sort, setSort] = useState<QuestionSort>('newest');
  const [q, setQ] = useState('');
  const [asking, setAsking] = useState(false);
  const [open, setOpen] = useState<string | null>(questionId);
  useEffect(() => {
    if (questionId) setOpen(questionId);
  }, [questionId]);
  const lectureId = lecture?._id ?? null;
  const query = questionListQuery(filterOf(courseId, lectureId, view, sort, q));
  // The first page says whether the viewer moderates the course (the "Hidden" view is theirs).
  const list = useInfiniteQuery(query);
  const canModerate = list.data?.pages[0]?.canModerate ?? false;
  const seek = (seconds: number) => {
    if (video) video.currentTime = seconds;
  };
  const viewButton = (value: View, label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => setView(value)}
      className={actionClassName(view === value ? 'primary' : 'secondary', 'small')}
    >
      {label}
    </button>
  );
  const sorts: { value: QuestionSort; label: string }[] = [
    { value: 'newest', label: TEXT.sorts.newest },
    { value: 'votes', label: TEXT.sorts.votes },
    { value: 'unanswered', label: TEXT.sorts.unanswered },
  ];

  return (
    <section aria-labelledby={titleId} className={`${panelClassName} min-w-0 space-y-4`}>
      <div>
        <h2 id={titleId} className="text-lg font-semibold">
          {TEXT.title}
        </h2>
        <p className={mutedClassName}>{lecture ? TEXT.intro : TEXT.courseIntro}</p>
      </div>
      {open ? (
        <QuestionThread
          key={open}
          questionId={open}
          base={base}
          currentLectureId={lectureId}
          onSeek={seek}
          onBack={() => setOpen(null)}
        />
      ) : (
        <>
          {asking ? (
            <AskForm
              key={lectureId ?? courseId}
              courseId={courseId}
              lecture={lecture}
              video={video}
              onAsked={(id) => {
                setAsking(false);
                setOpen(id);
              }}
              onCancel={() => setAsking(false)}
            />
          ) : (
            <button type="button" onClick={() => setAsking(true)} className={actionClassName('primary')}>
              {TEXT.ask}
            </button>
          )}
          {/* biome-ignore lint/a11y/useSemanticElements: toggle buttons, not a form field set. */}
          <div role="group" aria-label={TEXT.scopes} className="flex flex-wrap gap-2">
            {lecture ? viewButton('lesson', TEXT.thisLesson) : null}
            {viewButton('course', TEXT.wholeCourse)}
            {viewButton('mine', TEXT.mine)}
            {canModerate || view === 'hidden' ? viewButton('hidden', TEXT.hidden) : null}
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <FilterSelect label={TEXT.sort} value={sort} onChange={setSort} options={sorts} />
            <SearchBox value={q} onSearch={setQ} />
          </div>
          {q ? <p className={mutedClassName}>{TEXT.resultsFor(q)}</p> : null}
          <PagedList
            query={query}
            items={(page) => page.questions}
            text={{
              loading: TEXT.loading,
              failed: TEXT.loadFailed,
              retry: TEXT.retry,
              loadMore: TEXT.loadMore,
              loadingMore: TEXT.loadingMore,
            }}
            empty={<p className={mutedClassName}>{emptyText(view, q, sort)}</p>}
          >
            {(items) => (
              <ul aria-label={TEXT.list} className="divide-y divide-slate-200 dark:divide-slate-700">
                {items.map((item) => (
                  <QuestionItem
                    key={item._id}
                    question={item}
                    base={base}
                    currentLectureId={lectureId}
                    showLesson={view !== 'lesson'}
                    onOpen={setOpen}
                    onSeek={seek}
                  />
                ))}
              </ul>
            )}
          </PagedList>
        </>
      )}
    </section>
  );
}
