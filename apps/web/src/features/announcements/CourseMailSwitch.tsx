/**
 * "E-mail me about this course" (decision 0089): the signed-in learner's own choice for the course,
 * read and saved on the server (courseMail.preference / setPreference); the same choice an e-mail's
 * unsubscribe link changes.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { ANNOUNCEMENTS_TEXT as T } from './announcements-text';

export function CourseMailSwitch({ courseId }: { courseId: string }) {
  const queryClient = useQueryClient();
  const hintId = useId();
  const preference = useQuery(trpc.courseMail.preference.queryOptions({ courseId }));
  const change = useMutation(trpc.courseMail.setPreference.mutationOptions());
  if (!preference.data) return null;
  const emails = preference.data.data.emails;

  async function toggle(next: boolean) {
    try {
      const answer = await change.mutateAsync({ courseId, emails: next });
      queryClient.setQueryData(trpc.courseMail.preference.queryKey({ courseId }), { data: answer.data });
      toast.success(answer.message);
    } catch {
      toast.error(T.mailFailed);
    }
  }

  return (
    <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
      <label className="inline-flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          checked={emails}
          disabled={change.isPending}
          aria-describedby={hintId}
          onChange={(event) => void toggle(event.target.checked)}
          className="h-4 w-4 rounded border-slate-400 accent-indigo-600"
        />
        {T.mailSwitch}
      </label>
      <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {T.mailSwitchHint}
      </p>
    </div>
  );
}
