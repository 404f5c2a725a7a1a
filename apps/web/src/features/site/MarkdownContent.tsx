/**
 * Site-page Markdown rendered safely (issue 15, item 4). react-markdown builds React elements from the
 * Markdown syntax tree and never uses innerHTML. Without the rehype-raw plugin, HTML written in the
 * Markdown (a <script>, an <img onerror>, an <a href="javascript:">) is dropped, not rendered; link and
 * image addresses pass its default urlTransform, which keeps http(s), mailto and relative URLs and
 * empties anything else (javascript:, data:, vbscript:), and a link left without an address is shown as
 * plain text. Links within the site navigate in the app; others open in a new tab.
 *
 * This module (and react-markdown with it) is loaded lazily by its users, so it weighs only on the pages
 * that show Markdown.
 */
import { useRouter } from '@tanstack/react-router';
import type { ComponentProps, MouseEvent } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';

const linkClassName =
  'font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200';

function MarkdownLink({ href, children }: ComponentProps<'a'>) {
  const router = useRouter();
  if (!href) return <span>{children}</span>;
  // An address on this site ('/courses', '/pages/faq'): navigate in the app, without a reload (a click
  // with a modifier key keeps the browser's own behaviour: a new tab or window).
  if (href.startsWith('/') && !href.startsWith('//')) {
    const navigate = (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      void router.navigate({ href });
    };
    return (
      <a href={href} onClick={navigate} className={linkClassName}>
        {children}
      </a>
    );
  }
  if (href.startsWith('#')) {
    return (
      <a href={href} className={linkClassName}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={linkClassName}>
      {children}
    </a>
  );
}

/** The page's title is its only h1: Markdown headings start at h2. */
const components: Components = {
  h1: ({ children }) => (
    <h2 className="mt-10 text-2xl font-bold text-slate-900 dark:text-white">{children}</h2>
  ),
  h2: ({ children }) => (
    <h2 className="mt-10 text-2xl font-bold text-slate-900 dark:text-white">{children}</h2>
  ),
  h3: ({ children }) => (
    <h3 className="mt-8 text-xl font-semibold text-slate-900 dark:text-white">{children}</h3>
  ),
  h4: ({ children }) => (
    <h4 className="mt-6 text-lg font-semibold text-slate-900 dark:text-white">{children}</h4>
  ),
  h5: ({ children }) => <h5 className="mt-6 font-semibold text-slate-900 dark:text-white">{children}</h5>,
  h6: ({ children }) => <h6 className="mt-6 font-semibold text-slate-900 dark:text-white">{children}</h6>,
  p: ({ children }) => <p className="mt-4 leading-7">{children}</p>,
  ul: ({ children }) => <ul className="mt-4 list-disc space-y-2 pl-6 leading-7">{children}</ul>,
  ol: ({ children }) => <ol className="mt-4 list-decimal space-y-2 pl-6 leading-7">{children}</ol>,
  blockquote: ({ children }) => (
    <blockquote className="mt-4 border-l-4 border-slate-300 pl-4 text-slate-600 dark:border-slate-600 dark:text-slate-400">
      {children}
    </blockquote>
  ),
  code: ({ children }) => (
    <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-sm dark:bg-slate-800">{children}</code>
  ),
  pre: ({ children }) => (
    <pre className="mt-4 overflow-x-auto rounded-lg bg-slate-100 p-4 text-sm dark:bg-slate-800">
      {children}
    </pre>
  ),
  hr: () => <hr className="my-8 border-slate-200 dark:border-slate-700" />,
  a: ({ href, children }) => <MarkdownLink href={href}>{children}</MarkdownLink>,
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <img src={src} alt={alt ?? ''} loading="lazy" className="mt-4 max-w-full rounded-lg" />
    ) : null,
};

export default function MarkdownContent({ markdown }: { markdown: string }) {
  return (
    <div className="text-slate-700 dark:text-slate-300">
      <ReactMarkdown components={components} skipHtml>
        {markdown}
      </ReactMarkdown>
    </div>
  );
}
