import { createFileRoute } from '@tanstack/react-router';
import { MyCoursesScreen } from '~/features/learning/MyCoursesScreen';

export const Route = createFileRoute('/dashboard/mycourse')({
  component: MyCoursesScreen,
});
