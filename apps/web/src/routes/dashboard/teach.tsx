import { createFileRoute } from '@tanstack/react-router';
import { TeachScreen } from '~/features/teaching/TeachScreen';

/** Become an instructor (features/teaching): the student's application to teach. */
export const Route = createFileRoute('/dashboard/teach')({
  component: TeachScreen,
});
