/**
 * The reviews.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { ids, review } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

export const reviewsExamples: NamespaceExamples<'reviews'> = {
  list: { input: { courseId: ids.course, limit: 10 } },
  summary: { input: { courseId: ids.course } },
  mine: { input: { courseId: ids.course } },
  create: {
    input: { courseId: ids.course, rating: 5, body: review.body },
    output: { message: 'Thanks for your review!', review: { ...review, reply: null, hidden: false } },
  },
  update: {
    input: { id: ids.review, rating: 4 },
    output: { message: 'Your review was updated', review: { ...review, rating: 4, hidden: false } },
  },
  delete: {
    input: { id: ids.review },
    output: { message: 'Your review was deleted' },
  },
  reply: {
    input: { id: ids.review, body: 'Thank you! The testing module gets a new lecture next month.' },
    output: { message: 'Your reply was posted', review },
  },
  report: {
    input: { id: ids.review, reason: 'Advertises another site' },
    output: { message: 'Thanks. An admin will take a look at this review.' },
  },
  reported: { input: { limit: 10 } },
  setHidden: {
    input: { id: ids.review, hidden: true },
    output: {
      message: 'The review is hidden and no longer counts towards the rating',
      review: { _id: ids.review, hidden: true },
      course: { _id: ids.course, rating: 4.33, ratingCount: 15 },
    },
  },
};
