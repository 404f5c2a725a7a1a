/**
 * The Trending grid's data and cards. The landing page only ever reads
 * the four courses once, so it asks the query cache with fetchQuery (cached for 300 s like every student
 * course list) instead of subscribing with useQuery, whose observer machinery would weigh on the page.
 */
import { HOME_FEATURED_COURSES } from '@lectio/contracts/constants';
import type { Course } from '@lectio/contracts/course';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { CourseCard } from './CourseCard';
import { publishedCoursesQuery } from './course-keys';
import { TRENDING_GRID_CLASS_NAME } from './trending-text';

type Loaded = { status: 'pending' } | { status: 'error' } | { status: 'success'; courses: Course[] };

function usePublishedCourses(limit: number): Loaded {
  const client = useQueryClient();
  const [state, setState] = useState<Loaded>(() => {
    const cached = client.getQueryData(publishedCoursesQuery(limit).queryKey);
    return cached ? { status: 'success', courses: cached.data.courses } : { status: 'pending' };
  });
  useEffect(() => {
    let current = true;
    client.fetchQuery(publishedCoursesQuery(limit)).then(
      (page) => current && setState({ status: 'success', courses: page.data.courses }),
      () => current && setState({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [client, limit]);
  return state;
}

export function TrendingCourseGrid({ placeholder }: { placeholder: ReactNode }) {
  const result = usePublishedCourses(HOME_FEATURED_COURSES);
  if (result.status === 'pending') return placeholder;
  if (result.status === 'error') {
    return (
      <p role="alert" className="text-center text-red-700 dark:text-red-400">
        {COURSE_MESSAGES.somethingWentWrong}
      </p>
    );
  }
  if (result.courses.length === 0) {
    return <p className="text-center text-slate-700 dark:text-slate-300">{COURSE_MESSAGES.noCourseFound}</p>;
  }
  return (
    <ul className={TRENDING_GRID_CLASS_NAME}>
      {result.courses.slice(0, HOME_FEATURED_COURSES).map((course) => (
        <li key={course._id}>
          <CourseCard course={course} headingLevel={3} />
        </li>
      ))}
    </ul>
  );
}
