/**
 * The instructor home's "Unanswered questions" card (issue 28 item 4, decision 0088): how many visible
 * questions of the instructor's courses wait for an answer, and the oldest of them, each a link to its
 * thread on the lesson page (`?question=`).
 */
import type { UnansweredQuestions } from '@lectio/contracts/questions';
import { Card, CardList } from '~/components/ui/Card';
import { formatReviewDate } from '~/features/reviews/review-format';
import { QUESTIONS_TEXT as TEXT } from './questions-text';
import { ThreadLink } from './ThreadLink';

const mutedClassName = 'text-sm text-slate-600 dark:text-slate-400';
const linkClassName =
  'font-medium break-words text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

export function UnansweredQuestionsCard({ base, data }: { base: string; data: UnansweredQuestions }) {
  return (
    <Card
      title={TEXT.unansweredTitle}
      intro={
        <p className={`mb-3 ${mutedClassName}`}>
          {data.count === 0
            ? TEXT.unansweredNone
            : `${TEXT.unansweredCount(data.count)} · ${TEXT.oldestFirst}`}
        </p>
      }
    >
      {data.count === 0 ? null : (
        <CardList
          ordered
          items={data.oldest}
          empty={TEXT.unansweredNone}
          row={(question) => (
            <li key={question.questionId} className="space-y-0.5 py-3">
              <ThreadLink base={base} link={question.link} className={linkClassName}>
                {question.title}
              </ThreadLink>
              <p className={`break-words ${mutedClassName}`}>
                {question.courseTitle}
                {question.lectureTitle ? ` · ${question.lectureTitle}` : ''}
              </p>
              <p className={mutedClassName}>
                <time dateTime={question.createdAt}>
                  {TEXT.askedOn(formatReviewDate(question.createdAt))}
                </time>
              </p>
            </li>
          )}
        />
      )}
    </Card>
  );
}
