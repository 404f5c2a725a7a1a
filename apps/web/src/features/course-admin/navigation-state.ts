/**
 * What the course screens pass along in navigation state (spec section 2): the id of the course just
 * created or edited, which the course list highlights, and the course name for the edit screen's heading
 * while the course loads. History state survives a reload of the same entry but not a shared URL, which
 * is what a transient highlight wants.
 */
import { type ManagingBase, managingBase } from '~/lib/links';
import { useSession } from '~/lib/session';

declare module '@tanstack/react-router' {
  interface HistoryState {
    highlightCourseId?: string;
    courseName?: string;
  }
}

/** The signed-in user's dashboard base path ({base} in the spec) on a course-management screen. */
export function useManagingBase(): ManagingBase {
  const { user } = useSession();
  return managingBase(user?.role);
}
