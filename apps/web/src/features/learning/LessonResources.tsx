/**
 * The files a lesson carries (issue 26 item 2, decision 0079), under the lesson in the player: each a
 * download link (a short-lived signed URL the server gives only to those who may open the lesson) with
 * its file name and size. Nothing shows while the lesson is locked or has no resources.
 */
import { useQuery } from '@tanstack/react-query';
import { formatFileSize } from '~/lib/file-size';
import { trpc } from '~/lib/trpc';
import { LEARNING_TEXT } from './learning-text';

export function LessonResources({ lectureId, locked }: { lectureId: string; locked: boolean }) {
  const resources = useQuery(
    trpc.resources.list.queryOptions(
      { lectureId },
      { enabled: !locked, staleTime: 0, select: (body) => body.data.resources.filter((r) => r.downloadUrl) },
    ),
  );
  if (locked || !resources.data || resources.data.length === 0) return null;
  return (
    <section aria-labelledby="lesson-resources-title" className="space-y-2">
      <h2 id="lesson-resources-title" className="text-lg font-semibold">
        {LEARNING_TEXT.resources}
      </h2>
      <ul className="space-y-2">
        {resources.data.map((resource) => (
          <li key={resource._id}>
            <a
              href={resource.downloadUrl ?? undefined}
              download={resource.fileName}
              className="inline-flex flex-wrap items-baseline gap-x-2 font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
            >
              {resource.title}
              <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
                {LEARNING_TEXT.resourceFile(resource.fileName, formatFileSize(resource.size))}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
