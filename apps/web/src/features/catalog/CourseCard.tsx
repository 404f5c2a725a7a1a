/**
 * The course card (spec section 1) used on the home page and in course lists. The image area shows a
 * shimmer until the thumbnail has loaded (or 'No Image Available' when there is none); once it has, a
 * skeleton body shows for CARD_DETAIL_REVEAL_DELAY_MS and then the details. The card is 400 px high, the
 * title clamped to two lines and the description to two, each ending in an ellipsis on a whole line. Where a
 * narrow column can't fit the rest in 400 px, the card grows instead of squeezing its text (a squeezed
 * clamped box cuts a line through the middle), and fills its grid row so the cards of a row stay aligned.
 */
import { CARD_DETAIL_REVEAL_DELAY_MS, COURSE_CARD_HEIGHT_PX } from '@lectio/contracts/constants';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { Link } from '@tanstack/react-router';
import { startTransition, useEffect, useId, useRef, useState } from 'react';
import { useSession } from '~/lib/session';
import { CourseProgress } from './CourseProgress';
import {
  COURSE_CARD_TEXT,
  type CourseForCard,
  courseLinkFor,
  formatCoursePrice,
  hasPurchased,
} from './course-card-format';

type ImageStatus = 'loading' | 'loaded' | 'missing';

export const cardButtonClassName =
  'inline-flex items-center justify-center rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700';

function CardSkeleton() {
  return (
    <div aria-hidden="true" data-testid="course-card-skeleton" className="flex flex-1 flex-col gap-3 p-4">
      <div className="h-5 w-3/4 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
      <div className="h-4 w-full animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
      <div className="h-4 w-5/6 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
      <div className="h-3 w-1/2 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
      <div className="mt-auto h-8 w-1/3 animate-pulse self-end rounded bg-slate-200 dark:bg-slate-700" />
    </div>
  );
}

/**
 * `priority`: the first card of a list, whose image loads at once with high priority instead of lazily:
 * it is the page's largest paint. Only the first: on a phone (one column) the rest of the first row is
 * off screen, and high-priority images there would share the slow network with the one on screen;
 * on a wide screen the browser starts lazy images in view right after layout anyway.
 * `headingLevel`: the title's level where the card is used, one below the heading it sits under: 2 in a
 * list right under the page's `h1` (/courses, All Courses, My Courses), 3 under a section's `h2` (the home
 * page's Trending Courses). Lighthouse's heading-order audit fails on a skipped level.
 */
export function CourseCard({
  course,
  priority = false,
  headingLevel = 2,
}: {
  course: CourseForCard;
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const { user } = useSession();
  const titleId = useId();
  const imageUrl = course.thumbnail?.secure_url || null;
  const [imageStatus, setImageStatus] = useState<ImageStatus>(imageUrl ? 'loading' : 'missing');
  const [detailsShown, setDetailsShown] = useState(false);
  const imageRef = useRef<HTMLImageElement>(null);

  // An image served from the cache may have finished before React attached onLoad.
  useEffect(() => {
    const image = imageRef.current;
    if (image?.complete && image.naturalWidth > 0) setImageStatus('loaded');
  }, []);

  useEffect(() => {
    if (imageStatus === 'loading') return;
    // A transition: the cards of a list reveal at about the same moment, and React may then render them in
    // short slices instead of one long task (Total Blocking Time on /courses).
    const timer = setTimeout(() => startTransition(() => setDetailsShown(true)), CARD_DETAIL_REVEAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [imageStatus]);

  const link = courseLinkFor(user, course._id);
  const purchased = hasPurchased(user, course._id);
  // An owned course shows how far the viewer got (0 until they start), instead of its price and locks.
  const progress = typeof course.progress === 'number' ? Math.round(course.progress) : purchased ? 0 : null;

  return (
    <article
      aria-labelledby={titleId}
      aria-busy={!detailsShown}
      style={{ minHeight: COURSE_CARD_HEIGHT_PX }}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="relative h-40 shrink-0 bg-slate-100 dark:bg-slate-800">
        {imageUrl && imageStatus !== 'missing' ? (
          <img
            ref={imageRef}
            src={imageUrl}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            onLoad={() => setImageStatus('loaded')}
            onError={() => setImageStatus('missing')}
            className={`h-full w-full object-cover transition-opacity ${
              imageStatus === 'loaded' ? 'opacity-100' : 'opacity-0'
            }`}
          />
        ) : (
          <div className="flex h-full items-center justify-center text-sm font-medium text-slate-600 dark:text-slate-300">
            {COURSE_MESSAGES.noImage}
          </div>
        )}
        {imageStatus === 'loading' ? (
          <div
            aria-hidden="true"
            data-testid="course-card-shimmer"
            className="absolute inset-0 animate-pulse bg-linear-to-r from-slate-200 via-slate-100 to-slate-200 dark:from-slate-800 dark:via-slate-700 dark:to-slate-800"
          />
        ) : null}
      </div>

      {/* The title is always in the DOM so the card keeps its accessible name while the body loads. */}
      {detailsShown ? (
        <div className="flex min-h-0 flex-1 flex-col gap-2 p-4">
          <Heading id={titleId} className="line-clamp-2 shrink-0 text-lg font-semibold leading-snug">
            <Link {...link} className="hover:underline">
              {course.title}
            </Link>
          </Heading>
          <p className="line-clamp-2 shrink-0 text-sm text-slate-700 dark:text-slate-300">
            {course.shortDescription?.trim() || COURSE_MESSAGES.noDescription}
          </p>
          <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
            <li data-testid="course-card-rating">
              {course.ratingCount > 0 ? (
                <>
                  <span aria-hidden="true">
                    <span className="text-amber-700 dark:text-amber-300">★</span>{' '}
                    {COURSE_CARD_TEXT.ratingShort(course.rating, course.ratingCount)}
                  </span>
                  <span className="sr-only">
                    {COURSE_CARD_TEXT.ratingLabel(course.rating, course.ratingCount)}
                  </span>
                </>
              ) : (
                COURSE_CARD_TEXT.noRatings
              )}
            </li>
            <li>{COURSE_CARD_TEXT.lectures(course.videos?.length ?? 0)}</li>
            {purchased ? null : (
              <>
                <li>{COURSE_CARD_TEXT.publicLectures(course.publicLectures ?? 0)}</li>
                <li>{COURSE_CARD_TEXT.privateLectures(course.privateLectures ?? 0)}</li>
              </>
            )}
            <li>
              {COURSE_CARD_TEXT.durationLabel}: {course.duration || COURSE_MESSAGES.durationFallback}
            </li>
          </ul>
          {progress !== null ? (
            // The bar and its figure on one line: the card's height has no room for two.
            <CourseProgress percent={progress} label={COURSE_CARD_TEXT.progressLabel(course.title)} compact />
          ) : null}
          <div className={`mt-auto flex items-center gap-2 ${purchased ? 'justify-end' : 'justify-between'}`}>
            {purchased ? null : (
              <p className="font-semibold">
                <span className="sr-only">{COURSE_CARD_TEXT.price}: </span>
                {formatCoursePrice(course.price)}
              </p>
            )}
            <Link {...link} aria-describedby={titleId} className={cardButtonClassName}>
              {!purchased
                ? COURSE_MESSAGES.enrollNow
                : (progress ?? 0) > 0
                  ? COURSE_MESSAGES.continueWatching
                  : COURSE_MESSAGES.start}
            </Link>
          </div>
        </div>
      ) : (
        <>
          <Heading id={titleId} className="sr-only">
            {course.title}
          </Heading>
          <CardSkeleton />
        </>
      )}
    </article>
  );
}
