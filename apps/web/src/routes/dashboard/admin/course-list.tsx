import { createFileRoute } from '@tanstack/react-router';
import { CourseListScreen } from '~/features/course-admin/CourseListScreen';

export const Route = createFileRoute('/dashboard/admin/course-list')({
  component: CourseListScreen,
});
