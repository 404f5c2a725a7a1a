/**
 * Reading a course's questions (decision 0088): the lists and one question with its answers.
 *
 * A list reads a page of ids with their sort keys first, from the partial indexes of migration 0021
 * (`course_questions_newest_idx`, `_votes_idx`, `_unanswered_idx`: visible questions only), then the
 * page's details by id: the cost follows the page, not the course. A search ranks the newest
 * QUESTION_LIMITS.searchCandidates matches only (searchKeys), so its cost is bounded too. Each order is keyset-paged with its own tagged cursor (lib/cursor.ts): newest `n`
 * (created_at, id) descending, votes `v` (vote_count, created_at, id) descending, unanswered `u`
 * (created_at, id) ascending, search `s` (rank, created_at, id) descending, the rank a `real` as
 * PostgreSQL prints it. Only `scope=hidden` (moderators) lists hidden questions.
 */
import {
  type Answer,
  type DiscussionAuthor,
  QUESTION_LIMITS,
  QUESTION_MESSAGES,
  type QuestionDetail,
  type QuestionListQuery,
  type QuestionPage,
  type QuestionSort,
  type QuestionSummary,
} from '@lectio/contracts/questions';
import {
  answerVotes,
  courseQuestions,
  type Database,
  discussionReports,
  lectures,
  queryRows,
  questionAnswers,
  questionFollows,
  questionVotes,
  users,
} from '@lectio/db';
import { and, asc, desc, eq, inArray, isNotNull, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { cursorField, readCursor, writeCursor } from '../../lib/cursor';
import { forbidden, notFound } from '../../lib/errors';
import type { Actor, ServiceContext } from '../context';
import { closedLessonIds } from '../curriculum/closed-lessons';
import { exactInstant } from '../reviews/review-rows';
import { avatarUrl } from '../users/present-user';
import {
  type DiscussionPlace,
  loadDiscussionPlace,
  loadReadableQuestion,
  moderates,
} from './question-access';

/** The stored search document (migration 0021, outside the drizzle schema as courses' is). */
const searchDocument = sql.raw('"course_questions"."search_document"');

type Order = QuestionSort | 'search';
const TAGS: Record<Order, string> = { newest: 'n', votes: 'v', unanswered: 'u', search: 's' };

interface Position {
  createdAt: string;
  id: string;
  /** vote_count for `votes`, the rank's text for `search`. */
  key?: string;
}

function cursorFields(order: Order) {
  const tag = cursorField.tag(TAGS[order]);
  if (order === 'votes') return z.tuple([tag, cursorField.count, cursorField.timestamp, cursorField.uuid]);
  if (order === 'search') return z.tuple([tag, cursorField.real(0), cursorField.timestamp, cursorField.uuid]);
  return z.tuple([tag, cursorField.timestamp, cursorField.uuid]);
}

function readPosition(order: Order, cursor: string): Position {
  const fields = readCursor(cursor, cursorFields(order)) as string[];
  if (fields.length === 4) return { key: fields[1], createdAt: fields[2] as string, id: fields[3] as string };
  return { createdAt: fields[1] as string, id: fields[2] as string };
}

function writePosition(order: Order, position: Position): string {
  const tag = TAGS[order];
  return position.key === undefined
    ? writeCursor([tag, position.createdAt, position.id])
    : writeCursor([tag, position.key, position.createdAt, position.id]);
}

const created = courseQuestions.createdAt;
const questionKey = courseQuestions.id;

/** The rows after `position` in the list order `order` (not the search's, see searchKeys). */
function afterPosition(order: Order, position: Position | null): SQL | undefined {
  if (!position) return undefined;
  const at = sql`${position.createdAt}::timestamptz, ${position.id}::uuid`;
  if (order === 'votes')
    return sql`(${courseQuestions.voteCount}, ${created}, ${questionKey}) < (${Number(position.key)}::int, ${at})`;
  if (order === 'unanswered') return sql`(${created}, ${questionKey}) > (${at})`;
  return sql`(${created}, ${questionKey}) < (${at})`;
}

/** Each list order, as its partial index holds it. */
function orderOf(order: Order): SQL[] {
  if (order === 'votes') return [desc(courseQuestions.voteCount), desc(created), desc(questionKey)];
  if (order === 'unanswered') return [asc(created), asc(questionKey)];
  return [desc(created), desc(questionKey)];
}

/**
 * A search's page: the newest QUESTION_LIMITS.searchCandidates matches (found on the GIN index, or on the
 * newest-first index for a word that is everywhere), ranked by `ts_rank`, then newest first. Only those
 * candidates are ranked, so the cost is bounded whatever the word.
 */
async function searchKeys(
  db: Database,
  filters: SQL[],
  text: string,
  position: Position | null,
  limit: number,
): Promise<{ id: string; createdAt: string; votes: number; rank: string }[]> {
  const query = sql`websearch_to_tsquery('lectio_search', ${text})`;
  const after = position
    ? sql`where (ranked.rank, ranked.created_at, ranked.id) < (${position.key}::real, ${position.createdAt}::timestamptz, ${position.id}::uuid)`
    : sql``;
  const rows = await queryRows<{ id: string; createdAt: string; votes: number; rank: string }>(
    db,
    sql`select ranked.id, ${exactInstant(sql.raw('ranked.created_at'))} as "createdAt", 0 as votes,
               ranked.rank::text as rank
          from (select candidates.id, candidates.created_at, ts_rank(candidates.document, ${query}) as rank
                  from (select ${questionKey} as id, ${created} as created_at, ${searchDocument} as document
                          from ${courseQuestions}
                         where ${and(...filters, sql`${searchDocument} @@ ${query}`)}
                         order by ${created} desc, ${questionKey} desc
                         limit ${QUESTION_LIMITS.searchCandidates}) candidates) ranked
          ${after}
         order by ranked.rank desc, ranked.created_at desc, ranked.id desc
         limit ${limit + 1}`,
  );
  return rows;
}

/** The author as others see them: name, avatar, and the badge of the course's instructor. */
async function presentAuthor(
  ctx: ServiceContext,
  row: { userId: string; authorName: string; authorAvatar: string | null },
  place: DiscussionPlace,
): Promise<DiscussionAuthor> {
  return {
    name: row.authorName,
    avatar: await avatarUrl(ctx, row.authorAvatar),
    isInstructor: row.userId === place.course.instructorId,
  };
}

/** The start of a Markdown body, whitespace folded, cut at QUESTION_LIMITS.excerptLength with an ellipsis. */
export function excerptOf(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  const max = QUESTION_LIMITS.excerptLength;
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Questions with what a list item shows of them, for the actor; filter by id. */
function questionDetails(db: Database, actorId: string) {
  return db
    .select({
      id: courseQuestions.id,
      courseId: courseQuestions.courseId,
      lectureId: courseQuestions.lectureId,
      lectureTitle: lectures.title,
      lectureKind: lectures.kind,
      userId: courseQuestions.userId,
      authorName: users.name,
      authorAvatar: users.avatar,
      title: courseQuestions.title,
      body: courseQuestions.body,
      videoSeconds: courseQuestions.videoSeconds,
      answerCount: courseQuestions.answerCount,
      voteCount: courseQuestions.voteCount,
      acceptedAnswerId: courseQuestions.acceptedAnswerId,
      hiddenAt: courseQuestions.hiddenAt,
      createdAt: courseQuestions.createdAt,
      updatedAt: courseQuestions.updatedAt,
      votedByMe: sql<boolean>`exists (select 1 from ${questionVotes} where ${questionVotes.questionId} = ${courseQuestions.id} and ${questionVotes.userId} = ${actorId})`,
      followedByMe: sql<boolean>`exists (select 1 from ${questionFollows} where ${questionFollows.questionId} = ${courseQuestions.id} and ${questionFollows.userId} = ${actorId})`,
    })
    .from(courseQuestions)
    .innerJoin(users, eq(users.id, courseQuestions.userId))
    .leftJoin(lectures, eq(lectures.id, courseQuestions.lectureId));
}
type DetailRow = Awaited<ReturnType<ReturnType<typeof questionDetails>['where']>>[number];

async function presentSummary(
  ctx: ServiceContext,
  actor: Actor,
  row: DetailRow,
  place: DiscussionPlace,
): Promise<QuestionSummary> {
  return {
    _id: row.id,
    courseId: row.courseId,
    lecture:
      row.lectureId !== null && row.lectureTitle !== null && row.lectureKind !== null
        ? { _id: row.lectureId, title: row.lectureTitle, kind: row.lectureKind }
        : null,
    author: await presentAuthor(ctx, row, place),
    title: row.title,
    excerpt: excerptOf(row.body),
    seconds: row.videoSeconds,
    answerCount: row.answerCount,
    voteCount: row.voteCount,
    hasAcceptedAnswer: row.acceptedAnswerId !== null,
    votedByMe: row.votedByMe,
    followedByMe: row.followedByMe,
    mine: row.userId === actor.id,
    hidden: row.hiddenAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type ListInput = Omit<QuestionListQuery, 'limit'> & { limit: number };

/** One page of a course's questions (see the module's header for the orders and their cursors). */
export async function listQuestions(
  ctx: ServiceContext,
  actor: Actor,
  input: ListInput,
): Promise<QuestionPage> {
  const place = await loadDiscussionPlace(ctx, actor, input.courseId, input.lectureId ?? null, 'lectureId');
  const scope = input.scope ?? 'all';
  if (scope === 'hidden' && !moderates(place)) throw forbidden(QUESTION_MESSAGES.hiddenScopeNotAllowed);
  const text = input.q?.trim() ?? '';
  const sort = input.sort ?? 'newest';
  const order: Order = text ? 'search' : sort;
  const position = input.cursor ? readPosition(order, input.cursor) : null;

  const filters: SQL[] = [eq(courseQuestions.courseId, place.course.id)];
  filters.push(scope === 'hidden' ? isNotNull(courseQuestions.hiddenAt) : isNull(courseQuestions.hiddenAt));
  if (scope === 'mine') filters.push(eq(courseQuestions.userId, actor.id));
  if (place.lecture) filters.push(eq(courseQuestions.lectureId, place.lecture.id));
  else {
    // Course-wide: a learner sees no question of a lesson still closed to them (its own list is a 403).
    const closed = await closedLessonIds(ctx.db, place.course.id, place.access, ctx.now());
    const open =
      closed.length > 0
        ? or(isNull(courseQuestions.lectureId), notInArray(courseQuestions.lectureId, closed))
        : undefined;
    if (open) filters.push(open);
  }
  if (sort === 'unanswered') filters.push(eq(courseQuestions.answerCount, 0));

  const keys = text
    ? await searchKeys(ctx.db, filters, text, position, input.limit)
    : await ctx.db
        .select({
          id: questionKey,
          createdAt: exactInstant(created),
          votes: courseQuestions.voteCount,
          rank: sql<string>`''`,
        })
        .from(courseQuestions)
        .where(and(...filters, afterPosition(order, position)))
        .orderBy(...orderOf(order))
        .limit(input.limit + 1);

  const page = keys.slice(0, input.limit);
  const last = page.at(-1);
  const nextCursor =
    keys.length > input.limit && last
      ? writePosition(order, {
          createdAt: last.createdAt,
          id: last.id,
          ...(order === 'votes' ? { key: String(last.votes) } : order === 'search' ? { key: last.rank } : {}),
        })
      : null;

  const rows =
    page.length === 0
      ? []
      : await questionDetails(ctx.db, actor.id).where(
          inArray(
            courseQuestions.id,
            page.map((row) => row.id),
          ),
        );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const questions: QuestionSummary[] = [];
  for (const key of page) {
    const row = byId.get(key.id);
    // Deleted between the two reads: left out of this page.
    if (row) questions.push(await presentSummary(ctx, actor, row, place));
  }
  return { questions, nextCursor, canModerate: moderates(place) };
}

/** One question with its answers as the actor may see them (hidden ones to moderators only). */
export async function getQuestion(
  ctx: ServiceContext,
  actor: Actor,
  questionId: string,
): Promise<QuestionDetail> {
  const { question, place } = await loadReadableQuestion(ctx, actor, questionId);
  return presentQuestion(ctx, actor, question.id, place);
}

/** The question `questionId` (known readable in `place`) as the actor sees it. */
export async function presentQuestion(
  ctx: ServiceContext,
  actor: Actor,
  questionId: string,
  place: DiscussionPlace,
): Promise<QuestionDetail> {
  const moderator = moderates(place);
  const [row] = await questionDetails(ctx.db, actor.id).where(eq(courseQuestions.id, questionId));
  if (!row) throw notFound(QUESTION_MESSAGES.questionNotFound);
  const answerRows = await ctx.db
    .select({
      id: questionAnswers.id,
      questionId: questionAnswers.questionId,
      userId: questionAnswers.userId,
      authorName: users.name,
      authorAvatar: users.avatar,
      body: questionAnswers.body,
      voteCount: questionAnswers.voteCount,
      hiddenAt: questionAnswers.hiddenAt,
      createdAt: questionAnswers.createdAt,
      updatedAt: questionAnswers.updatedAt,
      votedByMe: sql<boolean>`exists (select 1 from ${answerVotes} where ${answerVotes.answerId} = ${questionAnswers.id} and ${answerVotes.userId} = ${actor.id})`,
    })
    .from(questionAnswers)
    .innerJoin(users, eq(users.id, questionAnswers.userId))
    .where(
      and(eq(questionAnswers.questionId, row.id), moderator ? undefined : isNull(questionAnswers.hiddenAt)),
    )
    .orderBy(
      sql`(${questionAnswers.id} = ${row.acceptedAnswerId}) is true desc`,
      asc(questionAnswers.createdAt),
      asc(questionAnswers.id),
    );
  const reports = await ctx.db
    .select({ questionId: discussionReports.questionId, answerId: discussionReports.answerId })
    .from(discussionReports)
    .where(
      and(
        eq(discussionReports.reporterId, actor.id),
        or(
          eq(discussionReports.questionId, row.id),
          answerRows.length > 0
            ? inArray(
                discussionReports.answerId,
                answerRows.map((answer) => answer.id),
              )
            : undefined,
        ),
      ),
    );
  const reported = new Set(reports.map((report) => report.questionId ?? report.answerId));
  const mine = row.userId === actor.id;
  const mayAccept = mine || moderator;
  const answers: Answer[] = [];
  for (const answer of answerRows) {
    const own = answer.userId === actor.id;
    answers.push({
      _id: answer.id,
      questionId: answer.questionId,
      author: await presentAuthor(ctx, answer, place),
      body: answer.body,
      voteCount: answer.voteCount,
      votedByMe: answer.votedByMe,
      accepted: answer.id === row.acceptedAnswerId,
      hidden: answer.hiddenAt !== null,
      createdAt: answer.createdAt.toISOString(),
      updatedAt: answer.updatedAt.toISOString(),
      canEdit: own,
      canDelete: own,
      canModerate: moderator,
      canReport: !own && !reported.has(answer.id),
      canAccept: mayAccept && answer.hiddenAt === null,
    });
  }
  return {
    ...(await presentSummary(ctx, actor, row, place)),
    body: row.body,
    acceptedAnswerId: row.acceptedAnswerId,
    answers,
    canEdit: mine,
    canDelete: mine,
    canModerate: moderator,
    canReport: !mine && !reported.has(row.id),
    canAccept: mayAccept,
    canAnswer: row.hiddenAt === null,
  };
}
