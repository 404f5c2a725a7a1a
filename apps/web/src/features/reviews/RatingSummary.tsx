/** The course's average (number and stars), its review count and the bars of the star distribution. */
import type { ReviewSummary } from '@lectio/contracts/reviews';
import { percentOf } from './review-format';
import { formatAverage, REVIEW_TEXT } from './review-text';
import { StarRating } from './Stars';

export function RatingSummary({ summary }: { summary: ReviewSummary }) {
  return (
    <div className="space-y-4" data-testid="rating-summary">
      <div className="flex items-center gap-4">
        <p className="text-5xl font-bold tabular-nums" aria-hidden="true">
          {summary.count > 0 ? formatAverage(summary.average) : '–'}
        </p>
        <div className="space-y-1">
          <StarRating rating={summary.average} />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {summary.count > 0 ? REVIEW_TEXT.reviewCount(summary.count) : REVIEW_TEXT.noReviews}
          </p>
        </div>
      </div>
      <ul aria-label={REVIEW_TEXT.distributionLabel} className="space-y-1.5">
        {summary.distribution.map(({ stars, count }) => {
          const percent = percentOf(count, summary.count);
          return (
            <li key={stars} className="grid grid-cols-[4.5rem_minmax(0,1fr)_3rem] items-center gap-2 text-sm">
              <span className="sr-only">{REVIEW_TEXT.distributionRow(stars, count, percent)}</span>
              <span aria-hidden="true" className="text-slate-700 dark:text-slate-300">
                {REVIEW_TEXT.stars(stars)}
              </span>
              <span
                aria-hidden="true"
                className="h-2.5 overflow-hidden rounded-full border border-slate-400 bg-slate-100 dark:border-slate-500 dark:bg-slate-800"
              >
                <span
                  className="block h-full bg-amber-600 dark:bg-amber-400"
                  style={{ width: `${percent}%` }}
                />
              </span>
              <span aria-hidden="true" className="text-right tabular-nums text-slate-700 dark:text-slate-300">
                {percent}%
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
