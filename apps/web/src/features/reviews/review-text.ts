/**
 * Wording of the reviews section and the reported-reviews screen (decision 0036). Server messages
 * (refusals, confirmations) come from REVIEW_MESSAGES in the contracts.
 */
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One decimal, as the course cards show it: 4.25 -> "4.3". */
export function formatAverage(rating: number): string {
  return rating.toFixed(1);
}

export const REVIEW_TEXT = {
  title: 'Reviews',
  loading: 'Loading reviews...',
  loadFailed: 'Reviews could not be loaded.',
  retry: 'Try again',
  noReviews: 'No reviews yet.',
  averageLabel: (rating: number) => `Rated ${formatAverage(rating)} out of 5`,
  stars: (count: number) => plural(count, 'star', 'stars'),
  starsOutOf: (count: number) => `${count} out of 5 stars`,
  reviewCount: (count: number) => plural(count, 'review', 'reviews'),
  distributionLabel: 'Star distribution',
  distributionRow: (stars: number, count: number, percent: number) =>
    `${plural(stars, 'star', 'stars')}: ${plural(count, 'review', 'reviews')} (${percent}%)`,
  latest: 'Latest reviews',
  showMore: 'Show more',
  loadingMore: 'Loading more...',
  // The viewer's own review
  yourReview: 'Your review',
  writeReview: 'Write a review',
  editReview: 'Edit your review',
  ratingLegend: 'Your rating',
  bodyLabel: 'Your review (optional)',
  bodyHint: (max: number) => `Up to ${max.toLocaleString('en')} characters.`,
  post: 'Post review',
  posting: 'Posting...',
  save: 'Save changes',
  saving: 'Saving...',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  confirmDelete: 'Delete your review of this course?',
  hiddenNotice:
    'An admin has hidden this review: others don’t see it and it doesn’t count towards the rating.',
  signInToReview: 'Sign in to review this course.',
  // Other people's reviews
  you: 'You',
  reply: 'Reply',
  replyLabel: 'Your reply',
  postReply: 'Post reply',
  instructorResponse: 'Response from the instructor',
  report: 'Report',
  reportLabel: 'Why are you reporting this review? (optional)',
  sendReport: 'Send report',
  reported: 'Reported',
  reportReview: (author: string) => `Report the review by ${author}`,
  replyTo: (author: string) => `Reply to the review by ${author}`,
  postedOn: (date: string) => `Posted ${date}`,
  edited: 'edited',
  // Admin screen
  reportedTitle: 'Reported reviews',
  reportedIntro:
    'Reviews users have reported, most recently reported first. A hidden review no longer counts towards the course’s rating.',
  reportedLoading: 'Loading reported reviews...',
  reportedLoadFailed: 'Failed to load reported reviews',
  noReported: 'No reported reviews.',
  reportCount: (count: number) => plural(count, 'report', 'reports'),
  lastReported: (date: string) => `last ${date}`,
  reasons: 'Reasons given',
  hiddenBadge: 'Hidden',
  visibleBadge: 'Visible',
  hide: 'Hide',
  unhide: 'Unhide',
  hideReview: (author: string, course: string) => `Hide the review by ${author} of ${course}`,
  unhideReview: (author: string, course: string) => `Unhide the review by ${author} of ${course}`,
  noText: 'No text, stars only.',
} as const;
