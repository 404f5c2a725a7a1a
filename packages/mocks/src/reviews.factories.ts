/** Factories for the reviews.* operations' answers (see sequence.ts for ids and dates). */
import type {
  MyReview,
  OwnReview,
  ReportedReview,
  ReportedReviewPage,
  Review,
  ReviewPage,
  ReviewSummary,
} from '@lectio/contracts/reviews';
import { SAMPLE_COURSES, STUDENT_NAMES } from './sample-content.js';
import { given, isoAt, next, nextId, pick, sequentialUuid } from './sequence.js';

export type { MyReview, OwnReview, ReportedReview, ReportedReviewPage, Review, ReviewPage, ReviewSummary };

const REVIEW_TEXTS = [
  'Clear explanations and projects worth doing. I use what I learnt at work every day.',
  'Good pace, though the last section felt rushed.',
  'Exactly what I needed to get started.',
  null,
] as const;

export type ReviewOverrides = Omit<Partial<Review>, 'author'> & { author?: Partial<Review['author']> };

/** A visible review as anyone sees it: stars (5, 4, 3, 5 ... by sequence), text, no reply by default. */
export function buildReview(overrides: ReviewOverrides = {}): Review {
  const { author, ...fields } = given(overrides);
  const n = next();
  return {
    _id: sequentialUuid(n),
    courseId: sequentialUuid(n + 1000),
    rating: pick([5, 4, 3, 5] as const, n),
    body: pick(REVIEW_TEXTS, n),
    createdAt: isoAt(n),
    updatedAt: isoAt(n),
    reply: null,
    ...fields,
    author: { name: pick(STUDENT_NAMES, n), avatar: null, ...author },
  };
}

/** The `reviews.list` output; two reviews by default. */
export function buildReviewPage(reviews?: Review[], nextCursor: string | null = null): ReviewPage {
  return { reviews: reviews ?? [buildReview(), buildReview()], nextCursor };
}

/** The `reviews.summary` output; `average` and `count` follow `distribution` unless given. */
export function buildReviewSummary(
  overrides: Partial<Omit<ReviewSummary, 'distribution'>> & {
    distribution?: Record<1 | 2 | 3 | 4 | 5, number>;
  } = {},
): ReviewSummary {
  const { distribution: counts = { 5: 9, 4: 5, 3: 1, 2: 0, 1: 1 }, ...fields } = given(overrides);
  const distribution = ([5, 4, 3, 2, 1] as const).map((stars) => ({ stars, count: counts[stars] }));
  const count = distribution.reduce((sum, row) => sum + row.count, 0);
  const total = distribution.reduce((sum, row) => sum + row.stars * row.count, 0);
  return {
    courseId: nextId(),
    average: count > 0 ? Math.round((total / count) * 100) / 100 : 0,
    count,
    distribution,
    ...fields,
  };
}

/** The `reviews.mine` output: by default a student who may write a review and has none yet. */
export function buildMyReview(overrides: Partial<MyReview> = {}): MyReview {
  return { review: null, canReview: true, canReply: false, notice: null, ...given(overrides) };
}

/** The viewer's own review (the `review` of `reviews.mine`, `reviews.create` and `reviews.update`). */
export function buildOwnReview(overrides: ReviewOverrides & { hidden?: boolean } = {}): OwnReview {
  const { hidden = false, ...review } = overrides;
  return { ...buildReview(review), hidden };
}

/** One reported review (admin moderation): two reports, one with a reason, visible. */
export function buildReportedReview(
  overrides: ReviewOverrides & Partial<Omit<ReportedReview, keyof Review>> = {},
): ReportedReview {
  const { hidden, hiddenAt, hiddenReason, course, reportCount, lastReportedAt, reasons, ...review } =
    given(overrides);
  const built = buildReview(review);
  const isHidden = hidden ?? false;
  return {
    ...built,
    hidden: isHidden,
    hiddenAt: hiddenAt ?? (isHidden ? built.updatedAt : null),
    hiddenReason: hiddenReason ?? null,
    course: course ?? { _id: built.courseId, title: pick(SAMPLE_COURSES, next()).title },
    reportCount: reportCount ?? 2,
    lastReportedAt: lastReportedAt ?? built.updatedAt,
    reasons: reasons ?? ['Off-topic advertising'],
  };
}

/** The `reviews.reported` output; two reported reviews by default. */
export function buildReportedReviewPage(
  reviews?: ReportedReview[],
  nextCursor: string | null = null,
): ReportedReviewPage {
  return { reviews: reviews ?? [buildReportedReview(), buildReportedReview()], nextCursor };
}
