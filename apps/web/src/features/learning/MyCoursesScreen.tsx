/**
 * {base}/mycourse (spec sections 2 and 8): the viewer's purchased courses as a card grid, each card
 * linking to {base}/course/{id} (/dashboard/course/{id} for students). Purchased courses stay fresh 200 s
 * (spec section 9); a purchase invalidates them.
 */
import { SKELETON_ROWS } from '@lectio/contracts/constants';
import { MY_COURSES_MESSAGES } from '@lectio/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { actionClassName } from '~/components/ui/ui-classes';
import { sectionBase, sectionCoursesLink } from '~/lib/links';
import { useSession } from '~/lib/session';
import { CourseCard } from '../catalog/CourseCard';
import { CourseGridSkeleton, courseGridClassName } from '../catalog/CourseGridSkeleton';
import { purchasedCoursesQuery } from '../catalog/course-queries';
import { LEARNING_TEXT } from './learning-text';

export function MyCoursesScreen() {
  const { user } = useSession();
  const courses = useQuery({ ...purchasedCoursesQuery(), enabled: user !== null });

  let body: ReactNode;
  if (!user) {
    body = <p className="text-slate-700 dark:text-slate-300">{MY_COURSES_MESSAGES.signInRequired}</p>;
  } else if (courses.isPending) {
    body = (
      <CourseGridSkeleton
        count={SKELETON_ROWS}
        className={courseGridClassName}
        label={LEARNING_TEXT.loadingMyCourses}
      />
    );
  } else if (courses.isError) {
    body = (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {MY_COURSES_MESSAGES.loadFailed}
      </p>
    );
  } else if (courses.data.length === 0) {
    body = (
      <div className="space-y-4">
        <p className="text-slate-700 dark:text-slate-300">{MY_COURSES_MESSAGES.empty}</p>
        <Link {...sectionCoursesLink(sectionBase(user.role))} className={actionClassName('primary')}>
          {LEARNING_TEXT.browseCourses}
        </Link>
      </div>
    );
  } else {
    body = (
      <ul className={courseGridClassName}>
        {courses.data.map((course) => (
          <li key={course._id}>
            <CourseCard course={course} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{LEARNING_TEXT.myCourses}</h1>
      {body}
    </div>
  );
}
