import { createFileRoute } from '@tanstack/react-router';
import { CreateCourseForm } from '~/features/course-admin/CreateCourseForm';

export const Route = createFileRoute('/dashboard/instructor/create')({
  component: CreateCourseForm,
});
