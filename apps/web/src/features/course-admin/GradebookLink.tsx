/** The link to a course's gradebook, on the course admin screens. */
import { Link } from '@tanstack/react-router';
import { actionClassName } from '~/components/ui/ui-classes';
import { gradebookLink } from '~/lib/links';
import { useManagingBase } from './navigation-state';
import { QUIZ_BUILDER_TEXT } from './quiz-builder-text';

export function GradebookLink({ courseId }: { courseId: string }) {
  const base = useManagingBase();
  return (
    <Link {...gradebookLink(base, courseId)} className={actionClassName('secondary', 'small')}>
      {QUIZ_BUILDER_TEXT.gradebook}
    </Link>
  );
}
