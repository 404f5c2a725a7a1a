/** The Trending grid's data (`courses.list`, cached 300 s like every student course list) and cards. */
import { HOME_FEATURED_COURSES } from '@lectio/contracts/constants';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CourseCard } from './CourseCard';
import { publishedCoursesQuery } from './course-keys';
import { TRENDING_GRID_CLASS_NAME } from './trending-text';

export function TrendingCourseGrid({ placeholder }: { placeholder: ReactNode }) {
  const result = useQuery(publishedCoursesQuery(HOME_FEATURED_COURSES));
  if (result.status === 'pending') return placeholder;
  if (result.status === 'error') {
    return (
      <p role="alert" className="text-center text-red-700 dark:text-red-400">
        {COURSE_MESSAGES.somethingWentWrong}
      </p>
    );
  }
  if (result.data.length === 0) {
    return <p className="text-center text-slate-700 dark:text-slate-300">{COURSE_MESSAGES.noCourseFound}</p>;
  }
  return (
    <ul className={TRENDING_GRID_CLASS_NAME}>
      {result.data.slice(0, HOME_FEATURED_COURSES).map((course) => (
        <li key={course._id}>
          <CourseCard course={course} headingLevel={3} />
        </li>
      ))}
    </ul>
  );
}
