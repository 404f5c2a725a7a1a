import { useNavigate, useSearch } from '@tanstack/react-router';
import { CoursesScreen } from './CoursesScreen';

/** The three dashboards' "All courses" routes (student, instructor, admin): one screen, filters in the URL. */
export type CoursesRouteId =
  | '/dashboard/courses'
  | '/dashboard/instructor/courses'
  | '/dashboard/admin/courses';

export function CoursesRoute({ from }: { from: CoursesRouteId }) {
  const filters = useSearch({ from });
  const navigate = useNavigate({ from });
  return <CoursesScreen filters={filters} onFiltersChange={(next) => navigate({ search: next })} />;
}
