/**
 * Moderating a course's questions and answers (decision 0088), as reviews' moderation does
 * (moderate-reviews.ts) but by the course's instructor as well as admins:
 * - hiding a question or an answer takes it out of every learner's view; showing it again puts it back.
 *   An answer's change moves its question's `answer_count` (visible answers) in the same transaction,
 *   and only when the answer's state really changed (the UPDATE's own condition decides, so racing
 *   hides count once); hiding the accepted answer takes the mark away;
 * - the reported list: each reported question or answer once, with its report count, latest reasons and
 *   last report, most recently reported first; an instructor's holds their courses', an admin's all.
 */
import { QUESTION_MESSAGES, type ReportedDiscussionPage } from '@lectio/contracts/questions';
import { courseQuestions, queryRows, questionAnswers } from '@lectio/db';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { decodeCursor } from '../../lib/cursor';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { pageOf } from '../../lib/newest-first';
import type { Actor, ServiceContext } from '../context';
import { assertCanManageCourse, isAdmin } from '../courses/course-access';
import { avatarUrl } from '../users/present-user';

export async function setQuestionHidden(
  ctx: ServiceContext,
  actor: Actor,
  questionId: string,
  hidden: boolean,
): Promise<void> {
  const [question] = isUuid(questionId)
    ? await ctx.db
        .select({ id: courseQuestions.id, courseId: courseQuestions.courseId })
        .from(courseQuestions)
        .where(eq(courseQuestions.id, questionId))
    : [];
  if (!question) throw notFound(QUESTION_MESSAGES.questionNotFound);
  await assertCanManageCourse(ctx, actor, question.courseId, QUESTION_MESSAGES.moderateNotAllowed);
  await ctx.db
    .update(courseQuestions)
    .set(hidden ? { hiddenAt: ctx.now(), hiddenBy: actor.id } : { hiddenAt: null, hiddenBy: null })
    .where(
      and(
        eq(courseQuestions.id, question.id),
        hidden ? isNull(courseQuestions.hiddenAt) : isNotNull(courseQuestions.hiddenAt),
      ),
    );
}

export async function setAnswerHidden(
  ctx: ServiceContext,
  actor: Actor,
  answerId: string,
  hidden: boolean,
): Promise<void> {
  const [answer] = isUuid(answerId)
    ? await ctx.db
        .select({ id: questionAnswers.id, courseId: courseQuestions.courseId })
        .from(questionAnswers)
        .innerJoin(courseQuestions, eq(courseQuestions.id, questionAnswers.questionId))
        .where(eq(questionAnswers.id, answerId))
    : [];
  if (!answer) throw notFound(QUESTION_MESSAGES.answerNotFound);
  await assertCanManageCourse(ctx, actor, answer.courseId, QUESTION_MESSAGES.moderateNotAllowed);
  await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(questionAnswers)
      .set(hidden ? { hiddenAt: ctx.now(), hiddenBy: actor.id } : { hiddenAt: null, hiddenBy: null })
      .where(
        and(
          eq(questionAnswers.id, answer.id),
          hidden ? isNull(questionAnswers.hiddenAt) : isNotNull(questionAnswers.hiddenAt),
        ),
      )
      .returning({ questionId: questionAnswers.questionId });
    if (!changed) return;
    await tx
      .update(courseQuestions)
      .set({
        answerCount: sql`${courseQuestions.answerCount} + ${hidden ? -1 : 1}`,
        ...(hidden
          ? {
              acceptedAnswerId: sql`case when ${courseQuestions.acceptedAnswerId} = ${answer.id}::uuid then null else ${courseQuestions.acceptedAnswerId} end`,
            }
          : {}),
      })
      .where(eq(courseQuestions.id, changed.questionId));
  });
}

interface ReportedRow extends Record<string, unknown> {
  kind: 'question' | 'answer';
  item_id: string;
  report_count: number;
  last_reported: string;
  last_reported_exact: string;
  reasons: string[] | string;
  question_id: string;
  question_title: string;
  course_id: string;
  course_title: string;
  lecture_id: string | null;
  lecture_title: string | null;
  lecture_kind: 'video' | 'article' | 'quiz' | null;
  body: string;
  author_id: string;
  author_name: string;
  author_avatar: string | null;
  instructor_id: string | null;
  hidden_at: string | null;
  created_at: string;
}

const iso = (value: unknown): string => new Date(String(value)).toISOString();

/** Reported questions and answers of the actor's courses (every course's for an admin). */
export async function listReportedDiscussions(
  ctx: ServiceContext,
  actor: Actor,
  input: { cursor?: string | undefined; limit: number },
): Promise<ReportedDiscussionPage> {
  const position = input.cursor ? decodeCursor(input.cursor) : null;
  const scope = isAdmin(actor) ? sql`true` : sql`c.instructor_id = ${actor.id}::uuid`;
  const rows = await queryRows<ReportedRow>(
    ctx.db,
    sql`
    with g as (
      select 'question' as kind, r.question_id as item_id, count(*)::int as report_count,
             max(r.created_at) as last_reported
      from discussion_reports r where r.question_id is not null group by r.question_id
      union all
      select 'answer', r.answer_id, count(*)::int, max(r.created_at)
      from discussion_reports r where r.answer_id is not null group by r.answer_id
    )
    select g.kind, g.item_id, g.report_count, g.last_reported,
           to_char(g.last_reported at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as last_reported_exact,
           (select coalesce(json_agg(latest.reason), '[]'::json) from (
              select r2.reason from discussion_reports r2
              where (r2.question_id = g.item_id or r2.answer_id = g.item_id) and r2.reason is not null
              order by r2.created_at desc limit 5) latest) as reasons,
           q.id as question_id, q.title as question_title, c.id as course_id, c.title as course_title,
           l.id as lecture_id, l.title as lecture_title, l.kind as lecture_kind,
           coalesce(a.body, q.body) as body, coalesce(a.user_id, q.user_id) as author_id,
           u.name as author_name, u.avatar as author_avatar, c.instructor_id as instructor_id,
           case when g.kind = 'answer' then a.hidden_at else q.hidden_at end as hidden_at,
           coalesce(a.created_at, q.created_at) as created_at
    from g
    left join question_answers a on g.kind = 'answer' and a.id = g.item_id
    join course_questions q on q.id = case when g.kind = 'answer' then a.question_id else g.item_id end
    join courses c on c.id = q.course_id
    left join lectures l on l.id = q.lecture_id
    join users u on u.id = coalesce(a.user_id, q.user_id)
    where ${scope}
      ${position ? sql`and (g.last_reported, g.item_id) < (${position.createdAt}::timestamptz, ${position.id}::uuid)` : sql``}
    order by g.last_reported desc, g.item_id desc
    limit ${input.limit + 1}`,
  );
  const { page, nextCursor } = pageOf(rows, input.limit, (row) => ({
    createdAt: row.last_reported_exact,
    id: row.item_id,
  }));
  return {
    items: await Promise.all(
      page.map(async (row) => ({
        kind: row.kind,
        _id: row.item_id,
        question: { _id: row.question_id, title: row.question_title },
        course: { _id: row.course_id, title: row.course_title },
        lecture:
          row.lecture_id !== null && row.lecture_title !== null && row.lecture_kind !== null
            ? { _id: row.lecture_id, title: row.lecture_title, kind: row.lecture_kind }
            : null,
        author: {
          name: row.author_name,
          avatar: await avatarUrl(ctx, row.author_avatar),
          isInstructor: row.author_id === row.instructor_id,
        },
        body: row.body,
        hidden: row.hidden_at !== null,
        hiddenAt: row.hidden_at === null ? null : iso(row.hidden_at),
        reportCount: Number(row.report_count),
        lastReportedAt: iso(row.last_reported),
        reasons: (typeof row.reasons === 'string' ? JSON.parse(row.reasons) : row.reasons) as string[],
        createdAt: iso(row.created_at),
      })),
    ),
    nextCursor,
  };
}
