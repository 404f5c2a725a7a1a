import { createFileRoute } from '@tanstack/react-router';
import { CreateCourseForm } from '~/features/course-admin/CreateCourseForm';

export const Route = createFileRoute('/dashboard/admin/create')({
  component: CreateCourseForm,
});
