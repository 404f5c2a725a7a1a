/** reviews.*: resolvers over services/reviews. */
import { operations } from '@lectio/contracts/api';
import { REVIEW_MESSAGES } from '@lectio/contracts/messages';
import {
  listReportedReviews,
  replyToReview,
  reportReview,
  setReviewHidden,
} from '../../services/reviews/moderate-reviews';
import { listReviews, myReview, reviewSummary } from '../../services/reviews/read-reviews';
import { createReview, deleteReview, updateReview } from '../../services/reviews/write-review';
import { implement } from '../build-router';

export const reviewProcedures = implement(operations.reviews, {
  list({ ctx, input }) {
    return listReviews(ctx.services, ctx.actor, input);
  },
  summary({ ctx, input }) {
    return reviewSummary(ctx.services, ctx.actor, input.courseId);
  },
  mine({ ctx, input }) {
    return myReview(ctx.services, ctx.actor, input.courseId);
  },
  async create({ ctx, input: { courseId, ...body } }) {
    return {
      message: REVIEW_MESSAGES.created,
      review: await createReview(ctx.services, ctx.actor, courseId, body),
    };
  },
  async update({ ctx, input: { id, ...body } }) {
    return {
      message: REVIEW_MESSAGES.updated,
      review: await updateReview(ctx.services, ctx.actor, id, body),
    };
  },
  async delete({ ctx, input }) {
    await deleteReview(ctx.services, ctx.actor, input.id);
    return { message: REVIEW_MESSAGES.deleted };
  },
  async reply({ ctx, input }) {
    return {
      message: REVIEW_MESSAGES.replied,
      review: await replyToReview(ctx.services, ctx.actor, input.id, input.body),
    };
  },
  async report({ ctx, input }) {
    await reportReview(ctx.services, ctx.actor, input.id, input.reason);
    return { message: REVIEW_MESSAGES.reported };
  },
  reported({ ctx, input }) {
    return listReportedReviews(ctx.services, input);
  },
  async setHidden({ ctx, input }) {
    const result = await setReviewHidden(ctx.services, ctx.actor, input.id, input.hidden);
    return {
      message: result.hidden ? REVIEW_MESSAGES.hidden : REVIEW_MESSAGES.shown,
      review: { _id: input.id, hidden: result.hidden },
      course: { _id: result.courseId, ...result.course },
    };
  },
});
