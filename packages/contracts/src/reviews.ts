/**
 * Course reviews and ratings (issue 13, item 5; docs/decisions/0036-reviews-and-ratings.md). A student who
 * owns a course and has watched some of it leaves one review (1-5 stars, optional text), which they can
 * edit or delete; the course's instructor (or an admin) replies once; any signed-in user reports a review;
 * an admin hides or shows it again. A course's `rating` and `ratingCount` are its visible reviews' mean
 * and count, kept in step by every one of these writes.
 */
import { z } from 'zod';
import { messageResponseSchema } from './auth.js';
import { REVIEW_LIMITS } from './constants.js';
import { VALIDATION } from './messages.js';
import { defineOperations } from './operation.js';
import { AUTHENTICATED, MANAGE_COURSES, PUBLIC, requires } from './permissions.js';
import { REVIEW_MESSAGES } from './review-messages.js';
import {
  countNumber,
  dateTimeString,
  inputString,
  pageInput,
  pageOutput,
  uuidInput,
  uuidString,
  wholeNumberInput,
} from './schema-formats.js';

const REVIEW_BODY_MAX_LENGTH = REVIEW_LIMITS.bodyMaxLength;
const REVIEW_REPLY_MAX_LENGTH = REVIEW_LIMITS.replyMaxLength;
const REVIEW_REPORT_REASON_MAX_LENGTH = REVIEW_LIMITS.reportReasonMaxLength;
const REVIEW_PAGE_DEFAULT_LIMIT = REVIEW_LIMITS.pageDefault;
const REVIEW_PAGE_MAX_LIMIT = REVIEW_LIMITS.pageMax;

/** A rating as the API answers it: the stored mean rounded to two decimals (the UI shows one). */
export function roundRating(value: number): number {
  return Math.round(value * 100) / 100;
}

const starsNumber = () => z.number().int().min(1).max(5);

const starsInput = () => wholeNumberInput(1, 5, REVIEW_MESSAGES.ratingInvalid);

/** Optional review text: trimmed; blank is no text. */
const reviewBodyInput = () =>
  inputString()
    .trim()
    .max(REVIEW_BODY_MAX_LENGTH, VALIDATION.tooLong('Review', REVIEW_BODY_MAX_LENGTH))
    .nullable()
    .optional();

const reviewPage = () => pageInput(REVIEW_PAGE_MAX_LIMIT, REVIEW_PAGE_DEFAULT_LIMIT);

export const reviewSchema = z
  .object({
    _id: uuidString(),
    courseId: uuidString(),
    rating: starsNumber(),
    /** The student's text; null when they left stars only. */
    body: z.string().nullable(),
    createdAt: dateTimeString(),
    updatedAt: dateTimeString(),
    /** Who wrote it, as others see them: the display name and avatar URL only. */
    author: z.object({ name: z.string(), avatar: z.string().nullable() }),
    /** The instructor's single reply. */
    reply: z.object({ body: z.string(), repliedAt: dateTimeString() }).nullable(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

/** The viewer's own review: also says whether an admin hid it (it then counts nowhere). */
export const ownReviewSchema = reviewSchema.extend({ hidden: z.boolean() }).meta({ id: 'OwnReview' });
export type OwnReview = z.infer<typeof ownReviewSchema>;

export const reviewPageSchema = pageOutput('reviews', reviewSchema).meta({ id: 'ReviewPage' });
export type ReviewPage = z.infer<typeof reviewPageSchema>;

export const reviewSummarySchema = z
  .object({
    courseId: uuidString(),
    /** The course's rating (mean stars of its visible reviews, two decimals; 0 without reviews). */
    average: z.number().min(0).max(5),
    count: countNumber(),
    /** Visible reviews per star count, 5 stars first. */
    distribution: z.array(z.object({ stars: starsNumber(), count: countNumber() })).length(5),
  })
  .meta({ id: 'ReviewSummary' });
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const myReviewSchema = z
  .object({
    review: ownReviewSchema.nullable(),
    /** True when the viewer may write a review now (they own the course, watched some, have none yet). */
    canReview: z.boolean(),
    /** True when the viewer may reply to this course's reviews (its instructor, or an admin). */
    canReply: z.boolean(),
    /** Why a student who has no review can't write one yet; null otherwise. */
    notice: z.string().nullable(),
  })
  .meta({ id: 'MyReview' });
export type MyReview = z.infer<typeof myReviewSchema>;

export const reportedReviewSchema = reviewSchema
  .extend({
    hidden: z.boolean(),
    hiddenAt: dateTimeString().nullable(),
    /** Why it is hidden when no admin hid it (the author's purchase was refunded or disputed); else null. */
    hiddenReason: z.string().nullable(),
    course: z.object({ _id: uuidString(), title: z.string() }),
    reportCount: countNumber(),
    lastReportedAt: dateTimeString(),
    /** The latest reasons given (up to five, newest first); reports without a reason are counted only. */
    reasons: z.array(z.string()),
  })
  .meta({ id: 'ReportedReview' });
export type ReportedReview = z.infer<typeof reportedReviewSchema>;

export const reportedReviewPageSchema = pageOutput('reviews', reportedReviewSchema).meta({
  id: 'ReportedReviewPage',
});
export type ReportedReviewPage = z.infer<typeof reportedReviewPageSchema>;

export const createReviewRequestSchema = z.object({ rating: starsInput(), body: reviewBodyInput() });
export type CreateReviewRequest = z.input<typeof createReviewRequestSchema>;

export const updateReviewRequestSchema = z
  .object({ rating: starsInput().optional(), body: reviewBodyInput() })
  .refine((body) => body.rating !== undefined || body.body !== undefined, {
    message: REVIEW_MESSAGES.nothingToUpdate,
  });
export type UpdateReviewRequest = z.input<typeof updateReviewRequestSchema>;

export const replyRequestSchema = z.object({
  body: inputString({ error: REVIEW_MESSAGES.replyRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.replyRequired)
    .max(REVIEW_REPLY_MAX_LENGTH, VALIDATION.tooLong('Reply', REVIEW_REPLY_MAX_LENGTH)),
});

export const reportRequestSchema = z.object({
  reason: inputString()
    .trim()
    .max(REVIEW_REPORT_REASON_MAX_LENGTH, VALIDATION.tooLong('Reason', REVIEW_REPORT_REASON_MAX_LENGTH))
    .optional(),
});

const ownReviewResponseSchema = z.object({ message: z.string(), review: ownReviewSchema });

export const setHiddenResponseSchema = z.object({
  message: z.string(),
  review: z.object({ _id: uuidString(), hidden: z.boolean() }),
  /** The course's figures after the change. */
  course: z.object({ _id: uuidString(), rating: z.number().min(0).max(5), ratingCount: countNumber() }),
});

const courseRef = z.object({ courseId: uuidInput() });
const reviewRef = z.object({ id: uuidInput() });

/** Writing a review takes a student's permission: the same one as recording the watching it requires. */
const WRITE_REVIEWS = requires('track_progress');
const ADMIN = requires('all');

export const reviewOperations = defineOperations({
  list: {
    kind: 'query',
    access: PUBLIC,
    summary: 'The latest visible reviews of a course (cursor pagination)',
    input: courseRef.extend(reviewPage()),
    output: reviewPageSchema,
    rest: { method: 'GET', path: '/reviews/course/{courseId}' },
    errors: ['NOT_FOUND'],
    cache: { sMaxAge: 2, staleWhileRevalidate: 30 },
  },
  summary: {
    kind: 'query',
    access: PUBLIC,
    summary: 'A course’s average rating, review count and star distribution',
    input: courseRef,
    output: reviewSummarySchema,
    rest: { method: 'GET', path: '/reviews/course/{courseId}/summary' },
    errors: ['NOT_FOUND'],
    cache: { sMaxAge: 2, staleWhileRevalidate: 30 },
  },
  mine: {
    kind: 'query',
    access: AUTHENTICATED,
    summary: 'The viewer’s own review of a course, and whether they may review or reply',
    input: courseRef,
    output: myReviewSchema,
    rest: { method: 'GET', path: '/reviews/course/{courseId}/mine' },
    errors: ['NOT_FOUND'],
  },
  create: {
    kind: 'mutation',
    access: WRITE_REVIEWS,
    summary: 'Review a course you own and have watched (one review per student)',
    description:
      'The caller must be enrolled and have watched part of a lecture (403 otherwise, with the reason). A ' +
      'second review of the same course is a 409: edit the first with PATCH /reviews/{id}.',
    input: courseRef.extend(createReviewRequestSchema.shape),
    output: ownReviewResponseSchema,
    rest: { method: 'POST', path: '/reviews/course/{courseId}', status: 201 },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  update: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Edit your review (stars, text or both)',
    input: reviewRef.and(updateReviewRequestSchema),
    output: ownReviewResponseSchema,
    rest: { method: 'PATCH', path: '/reviews/{id}' },
    errors: ['NOT_FOUND'],
  },
  delete: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Delete your review',
    input: reviewRef,
    output: messageResponseSchema,
    rest: { method: 'DELETE', path: '/reviews/{id}' },
    errors: ['NOT_FOUND'],
  },
  reply: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Reply to a review of your course (once per review)',
    input: reviewRef.extend(replyRequestSchema.shape),
    output: z.object({ message: z.string(), review: reviewSchema }),
    rest: { method: 'POST', path: '/reviews/{id}/reply' },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  report: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Report a review to the admins (reporting again changes nothing)',
    input: reviewRef.extend(reportRequestSchema.shape),
    output: messageResponseSchema,
    rest: { method: 'POST', path: '/reviews/{id}/report' },
    errors: ['NOT_FOUND'],
  },
  reported: {
    kind: 'query',
    access: ADMIN,
    summary: 'Reported reviews with their report counts, most recently reported first',
    input: z.object(reviewPage()),
    output: reportedReviewPageSchema,
    rest: { method: 'GET', path: '/reviews/reported' },
  },
  setHidden: {
    kind: 'mutation',
    access: ADMIN,
    summary: 'Hide a review (it stops counting towards the course’s rating) or show it again',
    input: reviewRef.extend({ hidden: z.boolean() }),
    output: setHiddenResponseSchema,
    rest: { method: 'PUT', path: '/reviews/{id}/hidden' },
    errors: ['NOT_FOUND'],
  },
});
