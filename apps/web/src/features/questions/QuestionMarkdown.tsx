/**
 * A question's or an answer's Markdown, rendered by the renderer the articles and site pages use
 * (MarkdownContent, decision 0080): no raw HTML, unsafe link addresses dropped. Loaded lazily, as the
 * articles' text is; until it arrives the source shows as plain text.
 */
import { lazy, Suspense } from 'react';

const MarkdownContent = lazy(() => import('../site/MarkdownContent'));

export function QuestionMarkdown({ markdown }: { markdown: string }) {
  return (
    <Suspense fallback={<p className="whitespace-pre-line break-words">{markdown}</p>}>
      <div className="min-w-0 break-words text-sm [&>div>:first-child]:mt-0 [&>div>:last-child]:mb-0 [&_pre]:overflow-x-auto">
        <MarkdownContent markdown={markdown} />
      </div>
    </Suspense>
  );
}
