/**
 * Stars: `StarRating` draws a rating (partly filled stars, one image with the rating as its name) and
 * `StarInput` picks one, as a radio group: native radios, so arrow keys move the choice and Tab leaves
 * the group, each labelled "N stars"; the drawn stars show which is chosen and where the focus is.
 */
import { useId } from 'react';
import { REVIEW_TEXT } from './review-text';

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z';

function Star({ fill, className }: { fill: number; className: string }) {
  const clipId = useId();
  const width = Math.max(0, Math.min(1, fill)) * 20;
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className}>
      <defs>
        <clipPath id={clipId}>
          <rect x="0" y="0" width={width} height="20" />
        </clipPath>
      </defs>
      {/* Outline and fill both 3:1 or more against the page in either theme (WCAG 1.4.11). */}
      <path
        d={STAR_PATH}
        strokeWidth="1.2"
        strokeLinejoin="round"
        className="fill-transparent stroke-slate-500 dark:stroke-slate-400"
      />
      <path
        d={STAR_PATH}
        strokeWidth="1.2"
        strokeLinejoin="round"
        clipPath={`url(#${clipId})`}
        className="fill-amber-600 stroke-amber-700 dark:fill-amber-400 dark:stroke-amber-400"
      />
    </svg>
  );
}

export function StarRating({
  rating,
  label = REVIEW_TEXT.averageLabel(rating),
  size = 'h-5 w-5',
}: {
  rating: number;
  label?: string;
  size?: string;
}) {
  return (
    <span role="img" aria-label={label} className="inline-flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((position) => (
        <Star key={position} fill={rating - (position - 1)} className={size} />
      ))}
    </span>
  );
}

export function StarInput({
  value,
  onChange,
  name,
  invalid = false,
  describedBy,
}: {
  value: number | null;
  onChange: (stars: number) => void;
  name: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  return (
    <fieldset aria-invalid={invalid || undefined} aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
        {REVIEW_TEXT.ratingLegend}
      </legend>
      <div className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label
            key={stars}
            className="cursor-pointer rounded-md p-1 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-1 has-[input:focus-visible]:outline-indigo-600 dark:has-[input:focus-visible]:outline-indigo-300"
          >
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="sr-only"
            />
            <span className="sr-only">{REVIEW_TEXT.stars(stars)}</span>
            <Star fill={value !== null && stars <= value ? 1 : 0} className="h-8 w-8" />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
