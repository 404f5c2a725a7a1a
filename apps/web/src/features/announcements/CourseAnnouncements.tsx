/**
 * A course's announcements (issue 28 item 2, decision 0089), newest first, their Markdown rendered by the
 * site's safe renderer (the one articles use: no raw HTML). Shown on the learner's course page to those
 * who may open the course, and on the instructor's course page with each one's delivery and a Delete.
 */
import type { Announcement } from '@lectio/contracts/announcements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { PagedList } from '~/components/ui/PagedList';
import { PanelSection } from '~/components/ui/PanelSection';
import { actionClassName } from '~/components/ui/ui-classes';
import { formatReviewDate } from '~/features/reviews/review-format';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { ANNOUNCEMENTS_TEXT as T } from './announcements-text';
import { announcementListQuery } from './course-announcement-queries';

const MarkdownContent = lazy(() => import('../site/MarkdownContent'));

function DeleteAnnouncement({ announcement }: { announcement: Announcement }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const deletion = useMutation(trpc.announcements.delete.mutationOptions());
  async function remove() {
    if (!window.confirm(T.deleteConfirm)) return;
    setBusy(true);
    try {
      const { message } = await deletion.mutateAsync({ announcementId: announcement._id });
      toast.success(message);
      await queryClient.invalidateQueries(trpc.announcements.list.pathFilter());
    } catch {
      toast.error(T.deleteFailed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      onClick={() => void remove()}
      disabled={busy}
      aria-label={T.deleteLabel(announcement.title)}
      className={actionClassName('secondary', 'small')}
    >
      {T.delete}
    </button>
  );
}

function AnnouncementItem({ announcement, manage }: { announcement: Announcement; manage: boolean }) {
  const { delivery } = announcement;
  return (
    <li className="space-y-2 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0 dark:border-slate-700">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-base font-semibold text-slate-900 dark:text-slate-100">{announcement.title}</h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {T.byOn(announcement.authorName, formatReviewDate(announcement.createdAt))}
          </p>
        </div>
        {manage ? <DeleteAnnouncement announcement={announcement} /> : null}
      </div>
      {/* The text starts at the top of its frame: the first block loses its top margin. */}
      <div className="[&>div>:first-child]:mt-0">
        <Suspense fallback={<p className="whitespace-pre-line">{announcement.body}</p>}>
          <MarkdownContent markdown={announcement.body} />
        </Suspense>
      </div>
      {delivery ? (
        <p className="text-sm font-medium text-emerald-800 dark:text-emerald-300">
          {delivery.completed ? T.delivered(delivery.recipients) : T.delivering(delivery.recipients)}
        </p>
      ) : null}
    </li>
  );
}

export function CourseAnnouncements({
  courseId,
  manage = false,
  children,
}: {
  courseId: string;
  /** The instructor's (or an admin's) view: delivery figures and Delete. */
  manage?: boolean;
  /** Above the list: the post form, the e-mail switch. */
  children?: ReactNode;
}) {
  return (
    <PanelSection title={T.heading} hint={manage ? T.hintManager : T.hintLearner} className="space-y-4">
      {children}
      <PagedList
        query={announcementListQuery(courseId)}
        items={(page) => page.data.announcements}
        text={T}
        empty={<p className="text-slate-600 dark:text-slate-400">{T.none}</p>}
      >
        {(announcements) => (
          <ul className="space-y-4">
            {announcements.map((announcement) => (
              <AnnouncementItem key={announcement._id} announcement={announcement} manage={manage} />
            ))}
          </ul>
        )}
      </PagedList>
    </PanelSection>
  );
}
