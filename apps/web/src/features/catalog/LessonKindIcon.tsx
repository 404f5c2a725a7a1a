/**
 * A lesson's kind as an icon (a play triangle for a video, a page of text for an article, a question mark for a quiz) with its word
 * for screen readers (decision 0080), in the course page's outline and the player's sidebar. The icons are
 * heroicons' outline "play", "document-text" and "question-mark-circle" paths.
 */
import type { LessonKind } from '@lectio/contracts/curriculum';
import { OutlineIcon } from '~/components/ui/OutlineIcon';
import { CATALOG_TEXT } from './catalog-text';

const KIND_PATHS: Record<LessonKind, string> = {
  video:
    'M5.25 5.653c0-.856.917-1.398 1.667-.986l11.54 6.347a1.125 1.125 0 0 1 0 1.972l-11.54 6.347a1.125 1.125 0 0 1-1.667-.986V5.653Z',
  article:
    'M19.5 14.25v-2.625a3.375 3.375 0 0 0-3.375-3.375h-1.5A1.125 1.125 0 0 1 13.5 7.125v-1.5a3.375 3.375 0 0 0-3.375-3.375H8.25m0 12.75h7.5m-7.5 3H12M10.5 2.25H5.625c-.621 0-1.125.504-1.125 1.125v17.25c0 .621.504 1.125 1.125 1.125h12.75c.621 0 1.125-.504 1.125-1.125V11.25a9 9 0 0 0-9-9Z',
  quiz: 'M9.879 7.519c1.171-1.025 3.071-1.025 4.242 0 1.172 1.025 1.172 2.687 0 3.712-.203.179-.43.326-.67.442-.745.361-1.45.999-1.45 1.827v.75M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9 5.25h.008v.008H12v-.008Z',
};

export function LessonKindIcon({ kind, className = 'h-4 w-4' }: { kind: LessonKind; className?: string }) {
  return (
    <span className="inline-flex shrink-0 text-slate-500 dark:text-slate-400">
      <OutlineIcon d={KIND_PATHS[kind]} className={className} strokeWidth={1.5} />
      <span className="sr-only">{CATALOG_TEXT.lessonKind[kind]}</span>
    </span>
  );
}
