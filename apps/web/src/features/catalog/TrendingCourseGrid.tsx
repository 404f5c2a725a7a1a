/**
 * The Trending grid's cards, from the read the landing route's loader started (features/home/landing-reads.ts:
 * the four courses through the query cache, cached for 300 s like every student course list).
 */
import { HOME_FEATURED_COURSES } from '@lectio/contracts/constants';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { type ReactNode, Suspense, use } from 'react';
import { useLandingReads } from '~/features/home/landing-reads';
import { CourseCard } from './CourseCard';
import { TRENDING_GRID_CLASS_NAME } from './trending-text';

export function TrendingCourseGrid({ placeholder }: { placeholder: ReactNode }) {
  return (
    <Suspense fallback={placeholder}>
      <TrendingCards />
    </Suspense>
  );
}

function TrendingCards() {
  const result = use(useLandingReads().trending);
  if (!result.ok) {
    return (
      <p role="alert" className="text-center text-red-700 dark:text-red-400">
        {COURSE_MESSAGES.somethingWentWrong}
      </p>
    );
  }
  if (result.data.data.courses.length === 0) {
    return <p className="text-center text-slate-700 dark:text-slate-300">{COURSE_MESSAGES.noCourseFound}</p>;
  }
  return (
    <ul className={TRENDING_GRID_CLASS_NAME}>
      {result.data.data.courses.slice(0, HOME_FEATURED_COURSES).map((course) => (
        <li key={course._id}>
          <CourseCard course={course} headingLevel={3} />
        </li>
      ))}
    </ul>
  );
}
