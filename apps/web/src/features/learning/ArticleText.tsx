/**
 * An article lesson's Markdown (decision 0080), rendered by the site pages' MarkdownContent: no raw HTML,
 * link and image addresses through react-markdown's default urlTransform (javascript: and data: dropped).
 * The renderer is loaded lazily, so react-markdown weighs only on the screens that show an article.
 */
import { lazy, Suspense } from 'react';
import { LEARNING_TEXT } from './learning-text';

const MarkdownContent = lazy(() => import('../site/MarkdownContent'));

export function ArticleText({ markdown }: { markdown: string }) {
  return (
    <Suspense
      fallback={
        <p role="status" className="text-slate-600 dark:text-slate-400">
          {LEARNING_TEXT.loadingArticle}
        </p>
      }
    >
      {/* The text starts at the top of its frame: the first block loses its top margin. */}
      <div className="[&>div>:first-child]:mt-0">
        <MarkdownContent markdown={markdown} />
      </div>
    </Suspense>
  );
}
