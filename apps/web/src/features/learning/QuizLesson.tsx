/**
 * A quiz lesson in the player (issue 26 item 3, decision 0082): the intro from `quizzes.get` (questions,
 * pass mark, time limit, attempts, best score, past attempts), then an attempt from `quizzes.start` as an
 * accessible form (a fieldset per question), then the graded review from `quizzes.submit`. The server
 * grades and decides what the review shows: correct answers and explanations appear only when the answer
 * carries them. A past attempt's review comes from `quizzes.result`.
 */
import type {
  AttemptQuestion,
  AttemptResult,
  QuizAttempt,
  QuizSummary,
  ReviewedQuestion,
} from '@lectio/contracts/quizzes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ErrorLine } from '~/components/ui/ErrorLine';
import { actionClassName, panelClassName } from '~/components/ui/ui-classes';
import { errorMessage } from '~/lib/api-errors';
import { trpc } from '~/lib/trpc';
import {
  answersPayload,
  clockText,
  type DraftAnswer,
  type DraftAnswers,
  minutesToAnnounce,
  quizDraft,
} from './quiz-answers';
import { QUIZ_TEXT } from './quiz-text';

type Started = { attempt: QuizAttempt; questions: AttemptQuestion[] };
type View =
  | { mode: 'intro' }
  | { mode: 'attempt'; started: Started }
  | { mode: 'result'; result: AttemptResult }
  | { mode: 'past'; attemptId: string };

export function QuizLesson({
  courseId,
  lectureId,
  signedIn,
}: {
  courseId: string;
  lectureId: string;
  /** Whether the viewer may take quizzes (signed in with `track_progress`); a visitor sees the intro only. */
  signedIn: boolean;
}) {
  const summary = useQuery(
    trpc.quizzes.get.queryOptions({ lectureId }, { select: (body) => body.data.quiz }),
  );
  const [view, setView] = useState<View>({ mode: 'intro' });
  const client = useQueryClient();
  const start = useMutation(trpc.quizzes.start.mutationOptions());
  const submit = useMutation(
    trpc.quizzes.submit.mutationOptions({
      onSuccess: (body, { attemptId }) => {
        quizDraft(attemptId).remove();
        setView({ mode: 'result', result: body.data });
        // The sidebar's ticks, the progress bar and the intro's attempts follow the graded attempt.
        void client.invalidateQueries(trpc.quizzes.get.queryFilter({ lectureId }));
        void client.invalidateQueries(trpc.progress.course.queryFilter({ courseId }));
        void client.invalidateQueries(trpc.curriculum.get.queryFilter({ courseId }));
        void client.invalidateQueries({ ...trpc.courses.mine.queryFilter(), refetchType: 'none' });
        if (body.data.certificateId) void client.invalidateQueries(trpc.certificates.mine.queryFilter());
      },
    }),
  );

  // Answers kept for an attempt that has finished another way (time up, sent from another tab) go.
  const finishedIds = (summary.data?.attempts ?? [])
    .filter((attempt) => attempt.status !== 'in_progress')
    .map((attempt) => attempt._id)
    .join(' ');
  useEffect(() => {
    for (const id of finishedIds.split(' ').filter(Boolean)) quizDraft(id).remove();
  }, [finishedIds]);

  if (summary.isPending) return <p role="status">{QUIZ_TEXT.loading}</p>;
  if (summary.isError)
    return <ErrorLine message={`${QUIZ_TEXT.loadFailed}: ${errorMessage(summary.error)}`} />;
  const quiz = summary.data;

  const begin = () =>
    start.mutate({ lectureId }, { onSuccess: (body) => setView({ mode: 'attempt', started: body.data }) });

  if (view.mode === 'attempt') {
    return (
      <AttemptForm
        title={quiz.title}
        started={view.started}
        sending={submit.isPending}
        error={submit.error ? errorMessage(submit.error) : null}
        onSubmit={(draft) =>
          submit.mutate({
            attemptId: view.started.attempt._id,
            answers: answersPayload(view.started.questions, draft),
          })
        }
      />
    );
  }
  if (view.mode === 'result') {
    return (
      <AttemptReview
        result={view.result}
        quiz={quiz}
        actions={
          <QuizActions
            quiz={quiz}
            busy={start.isPending}
            onStart={begin}
            onBack={() => setView({ mode: 'intro' })}
          />
        }
        startError={start.error ? errorMessage(start.error) : null}
      />
    );
  }
  if (view.mode === 'past') {
    return <PastAttempt attemptId={view.attemptId} quiz={quiz} onBack={() => setView({ mode: 'intro' })} />;
  }
  return (
    <QuizIntro
      quiz={quiz}
      signedIn={signedIn}
      busy={start.isPending}
      error={start.error ? errorMessage(start.error) : null}
      onStart={begin}
      onViewAttempt={(attemptId) => setView({ mode: 'past', attemptId })}
    />
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/** An attempt's outcome in a word: its score, or that it is open or ran out of time. */
function attemptOutcome(attempt: QuizAttempt): string {
  if (attempt.status === 'in_progress') return QUIZ_TEXT.inProgress;
  if (attempt.status === 'expired') return QUIZ_TEXT.expired;
  return `${attempt.score ?? 0}%${attempt.passed ? ` · ${QUIZ_TEXT.passedBadge}` : ''}`;
}

function QuizIntro({
  quiz,
  signedIn,
  busy,
  error,
  onStart,
  onViewAttempt,
}: {
  quiz: QuizSummary;
  signedIn: boolean;
  busy: boolean;
  error: string | null;
  onStart: () => void;
  onViewAttempt: (attemptId: string) => void;
}) {
  const location = useLocation();
  const finished = quiz.attempts.filter((attempt) => attempt.status !== 'in_progress');
  return (
    <section aria-labelledby="quiz-intro-heading" className={`${panelClassName} space-y-4`}>
      <h2 id="quiz-intro-heading" className="text-xl font-semibold">
        {QUIZ_TEXT.quiz}
      </h2>
      <dl aria-label={QUIZ_TEXT.facts} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact term={QUIZ_TEXT.questions}>{quiz.questionCount}</Fact>
        <Fact term={QUIZ_TEXT.passMark}>{quiz.passMark}%</Fact>
        <Fact term={QUIZ_TEXT.timeLimit}>
          {quiz.timeLimitMinutes === null ? QUIZ_TEXT.untimed : QUIZ_TEXT.minutes(quiz.timeLimitMinutes)}
        </Fact>
        {signedIn ? (
          <>
            <Fact term={QUIZ_TEXT.attemptsUsed}>{finished.length}</Fact>
            <Fact term={QUIZ_TEXT.attemptsLeft}>
              {quiz.attemptsRemaining === null ? QUIZ_TEXT.unlimited : quiz.attemptsRemaining}
            </Fact>
            <Fact term={QUIZ_TEXT.bestScore}>
              {quiz.bestScore === null ? QUIZ_TEXT.noScoreYet : `${quiz.bestScore}%`}
              {quiz.passed ? ` · ${QUIZ_TEXT.passedBadge}` : ''}
            </Fact>
          </>
        ) : null}
      </dl>
      {finished.length > 0 ? (
        <div className="space-y-2">
          <h3 className="font-semibold">{QUIZ_TEXT.pastAttempts}</h3>
          <ul className="space-y-1">
            {finished.map((attempt) => (
              <li key={attempt._id} className="flex flex-wrap items-center gap-3">
                <span>
                  {QUIZ_TEXT.attemptRow(attempt.number)}: {attemptOutcome(attempt)}
                </span>
                <button
                  type="button"
                  className={actionClassName('secondary', 'small')}
                  onClick={() => onViewAttempt(attempt._id)}
                >
                  {QUIZ_TEXT.viewResult(attempt.number)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {!signedIn ? (
        <Link to="/signin" search={{ from: location.href }} className={actionClassName('primary')}>
          {QUIZ_TEXT.signInToTake}
        </Link>
      ) : quiz.isLocked ? (
        <p className="font-semibold">{QUIZ_TEXT.locked}</p>
      ) : (
        <QuizActions quiz={quiz} busy={busy} onStart={onStart} />
      )}
      <ErrorLine message={error} />
    </section>
  );
}

/** Start, resume or try again, when the quiz allows; and back to the intro from a review. */
function QuizActions({
  quiz,
  busy,
  onStart,
  onBack,
}: {
  quiz: QuizSummary;
  busy: boolean;
  onStart: () => void;
  onBack?: () => void;
}) {
  const open = quiz.attempts.some((attempt) => attempt.status === 'in_progress');
  const hasFinished = quiz.attempts.some((attempt) => attempt.status !== 'in_progress');
  const canStart = !quiz.isLocked && quiz.questionCount > 0 && (open || quiz.attemptsRemaining !== 0);
  const label = open ? QUIZ_TEXT.resume : hasFinished ? QUIZ_TEXT.tryAgain : QUIZ_TEXT.start;
  return (
    <div className="flex flex-wrap gap-2">
      {canStart ? (
        <button type="button" className={actionClassName('primary')} disabled={busy} onClick={onStart}>
          {label}
        </button>
      ) : null}
      {onBack ? (
        <button type="button" className={actionClassName('secondary')} onClick={onBack}>
          {QUIZ_TEXT.backToQuiz}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The time left, shown every second; a screen reader is told politely only at whole minutes (every 5, then
 * each of the last 5). At zero the answers are sent (the server still checks the deadline).
 */
function Countdown({ deadline, onTimeUp }: { deadline: string; onTimeUp: () => void }) {
  const end = Date.parse(deadline);
  const [now, setNow] = useState(() => Date.now());
  const [announcement, setAnnouncement] = useState('');
  const timeUp = useRef(onTimeUp);
  timeUp.current = onTimeUp;
  const fired = useRef(false);
  const secondsLeft = (end - now) / 1000;

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const minutes = minutesToAnnounce(secondsLeft);
  useEffect(() => {
    if (minutes !== null) setAnnouncement(QUIZ_TEXT.timeLeftAnnouncement(minutes));
  }, [minutes]);
  useEffect(() => {
    if (secondsLeft > 0 || fired.current) return;
    fired.current = true;
    setAnnouncement(QUIZ_TEXT.timeUpAnnouncement);
    timeUp.current();
  }, [secondsLeft]);

  return (
    <div className="sticky top-0 z-10 rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900">
      <span className="text-sm text-slate-600 dark:text-slate-400">{QUIZ_TEXT.timeLeft}: </span>
      <span role="timer" aria-label={QUIZ_TEXT.timeLeft} className="font-mono font-semibold">
        {clockText(secondsLeft)}
      </span>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function QuestionField({
  question,
  position,
  total,
  answer,
  onAnswer,
}: {
  question: AttemptQuestion;
  position: number;
  total: number;
  answer: DraftAnswer | undefined;
  onAnswer: (answer: DraftAnswer) => void;
}) {
  const name = `question-${question._id}`;
  const chosen = answer && 'optionIds' in answer ? answer.optionIds : [];
  let control: ReactNode;
  if (question.type === 'single' || question.type === 'multiple') {
    const multiple = question.type === 'multiple';
    control = question.options.map((option) => (
      <label key={option._id} className="flex items-start gap-2">
        <input
          type={multiple ? 'checkbox' : 'radio'}
          name={name}
          value={option._id}
          checked={chosen.includes(option._id)}
          onChange={(event) =>
            onAnswer({
              optionIds: multiple
                ? event.target.checked
                  ? [...chosen, option._id]
                  : chosen.filter((id) => id !== option._id)
                : [option._id],
            })
          }
          className="mt-1 h-4 w-4 accent-indigo-600"
        />
        <span>{option.text}</span>
      </label>
    ));
  } else if (question.type === 'true_false') {
    const value = answer && 'value' in answer ? answer.value : null;
    control = (
      [
        [true, QUIZ_TEXT.trueLabel],
        [false, QUIZ_TEXT.falseLabel],
      ] as const
    ).map(([choice, label]) => (
      <label key={label} className="flex items-center gap-2">
        <input
          type="radio"
          name={name}
          checked={value === choice}
          onChange={() => onAnswer({ value: choice })}
          className="h-4 w-4 accent-indigo-600"
        />
        <span>{label}</span>
      </label>
    ));
  } else {
    const text = answer && 'text' in answer ? answer.text : '';
    control = (
      <label className="block space-y-1">
        <span className="text-sm">{QUIZ_TEXT.yourAnswer}</span>
        <input
          type="text"
          name={name}
          value={text}
          onChange={(event) => onAnswer({ text: event.target.value })}
          className="block w-full rounded-md border border-slate-500 px-3 py-2 dark:bg-slate-900"
        />
      </label>
    );
  }
  return (
    <fieldset className="space-y-2 rounded-md border border-slate-300 p-4 dark:border-slate-700">
      <legend className="px-1 font-semibold">
        {QUIZ_TEXT.questionLegend(position, total, question.prompt)}
      </legend>
      {control}
    </fieldset>
  );
}

/**
 * The attempt: every question as a fieldset. There are no rules to check before sending (an unanswered
 * question counts wrong), so the form keeps its answers in component state (decision 0082), and in the
 * browser's storage until the attempt is graded, so a reload resumes them with the attempt.
 */
function AttemptForm({
  title,
  started,
  sending,
  error,
  onSubmit,
}: {
  title: string;
  started: Started;
  sending: boolean;
  error: string | null;
  onSubmit: (draft: DraftAnswers) => void;
}) {
  const { attempt, questions } = started;
  const [draft, setDraft] = useState<DraftAnswers>(() => quizDraft(attempt._id).read() ?? {});
  const latest = useRef(draft);
  latest.current = draft;
  useEffect(() => {
    // Nothing is kept for an attempt only opened (an answer, once given, never empties the draft again).
    if (Object.keys(draft).length > 0) quizDraft(attempt._id).write(draft);
  }, [attempt._id, draft]);
  return (
    <form
      aria-label={QUIZ_TEXT.attemptForm(title)}
      aria-busy={sending}
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(draft);
      }}
    >
      {attempt.deadline ? (
        <Countdown deadline={attempt.deadline} onTimeUp={() => onSubmit(latest.current)} />
      ) : null}
      {questions.map((question, index) => (
        <QuestionField
          key={question._id}
          question={question}
          position={index + 1}
          total={questions.length}
          answer={draft[question._id]}
          onAnswer={(answer) => setDraft((current) => ({ ...current, [question._id]: answer }))}
        />
      ))}
      <ErrorLine message={error} />
      <button type="submit" className={actionClassName('primary')} disabled={sending}>
        {sending ? QUIZ_TEXT.submitting : QUIZ_TEXT.submit}
      </button>
    </form>
  );
}

/** What a response or a correct answer says, in words: option texts, True/False, or the text. */
function describe(
  question: ReviewedQuestion,
  answer: { optionIds?: string[] | undefined; value?: boolean | null | undefined; text?: string | undefined },
): string {
  if (question.type === 'true_false') {
    return answer.value === true
      ? QUIZ_TEXT.trueLabel
      : answer.value === false
        ? QUIZ_TEXT.falseLabel
        : QUIZ_TEXT.noAnswer;
  }
  if (question.type === 'short_answer') return answer.text?.trim() ? answer.text : QUIZ_TEXT.noAnswer;
  const texts = question.options
    .filter((option) => answer.optionIds?.includes(option._id))
    .map((option) => option.text);
  return texts.length > 0 ? texts.join(', ') : QUIZ_TEXT.noAnswer;
}

function correctText(question: ReviewedQuestion): string | null {
  const correct = question.correct;
  if (!correct) return null;
  if (question.type === 'short_answer') return correct.acceptedAnswers.join(', ');
  return describe(question, correct);
}

function AttemptReview({
  result,
  quiz,
  actions,
  startError = null,
}: {
  result: AttemptResult;
  quiz: QuizSummary;
  actions: ReactNode;
  startError?: string | null;
}) {
  const { attempt, questions, certificateId } = result;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="quiz-result-heading" className={`${panelClassName} space-y-4`}>
      <h2 id="quiz-result-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        {QUIZ_TEXT.result(attempt.number)}
      </h2>
      <p className="text-lg font-semibold">
        {QUIZ_TEXT.score(attempt.score ?? 0, attempt.correctCount ?? 0, attempt.questionCount)}
      </p>
      {attempt.status === 'expired' ? <p>{QUIZ_TEXT.expiredResult}</p> : null}
      <p
        className={
          attempt.passed ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-700 dark:text-red-400'
        }
      >
        {attempt.passed ? QUIZ_TEXT.passed(quiz.passMark) : QUIZ_TEXT.failed(quiz.passMark)}
      </p>
      {certificateId ? (
        <p className="rounded-md border border-emerald-600 bg-emerald-50 p-3 dark:border-emerald-500 dark:bg-emerald-950">
          {QUIZ_TEXT.certificateEarned}{' '}
          <Link to="/certificates/$id" params={{ id: certificateId }} className="font-semibold underline">
            {QUIZ_TEXT.viewCertificate}
          </Link>
        </p>
      ) : null}
      <ol className="space-y-3">
        {questions.map((question, index) => {
          const correct = correctText(question);
          return (
            <li key={question._id} className="rounded-md border border-slate-300 p-3 dark:border-slate-700">
              <p className="font-semibold">
                {QUIZ_TEXT.questionLegend(index + 1, questions.length, question.prompt)}
              </p>
              <p
                className={
                  question.isCorrect
                    ? 'text-emerald-800 dark:text-emerald-300'
                    : 'text-red-700 dark:text-red-400'
                }
              >
                {question.isCorrect ? QUIZ_TEXT.right : QUIZ_TEXT.wrong}
              </p>
              <p>
                {QUIZ_TEXT.youAnswered}:{' '}
                {question.response ? describe(question, question.response) : QUIZ_TEXT.noAnswer}
              </p>
              {correct !== null ? (
                <p>
                  {QUIZ_TEXT.correctAnswer}: {correct}
                </p>
              ) : null}
              {question.explanation ? (
                <p>
                  {QUIZ_TEXT.explanation}: {question.explanation}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <ErrorLine message={startError} />
      {actions}
    </section>
  );
}

function PastAttempt({
  attemptId,
  quiz,
  onBack,
}: {
  attemptId: string;
  quiz: QuizSummary;
  onBack: () => void;
}) {
  const result = useQuery(trpc.quizzes.result.queryOptions({ attemptId }, { select: (body) => body.data }));
  const back = (
    <button type="button" className={actionClassName('secondary')} onClick={onBack}>
      {QUIZ_TEXT.backToQuiz}
    </button>
  );
  if (result.isPending) return <p role="status">{QUIZ_TEXT.loading}</p>;
  if (result.isError) {
    return (
      <div className="space-y-2">
        <ErrorLine message={errorMessage(result.error)} />
        {back}
      </div>
    );
  }
  return <AttemptReview result={result.data} quiz={quiz} actions={back} />;
}
