import { createFileRoute } from '@tanstack/react-router';
import { ReportedQuestions } from '~/features/questions/ReportedQuestions';

export const Route = createFileRoute('/dashboard/instructor/questions')({
  component: ReportedQuestions,
});
