/**
 * The Trending grid's data and cards. The landing page only ever reads
 * the four courses once, so it asks the query cache with fetchQuery (cached for 300 s like every student
 * course list) instead of subscribing with useQuery, whose observer machinery would weigh on the page.
 */
import { HOME_FEATURED_COURSES } from '@lectio/contracts/constants';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import type { ReactNode } from 'react';
import { useFetchedOnce } from '~/lib/fetched-once';
import { CourseCard } from './CourseCard';
import { publishedCoursesQuery } from './course-keys';
import { TRENDING_GRID_CLASS_NAME } from './trending-text';

export function TrendingCourseGrid({ placeholder }: { placeholder: ReactNode }) {
  const query = publishedCoursesQuery(HOME_FEATURED_COURSES);
  const result = useFetchedOnce(query.queryKey, (client) => client.fetchQuery(query));
  if (result.status === 'pending') return placeholder;
  if (result.status === 'error') {
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
