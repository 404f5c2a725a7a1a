/**
 * The expandable course content of the detail page: the curriculum's sections (issue 26, decision 0075),
 * each with its lecture count and length, and every lecture in order with its duration (the formatted
 * value, else whole minutes, or an article's reading time), its kind as an icon, and a Preview or Locked
 * marker. A free preview's marker is a button that plays it in its row, for visitors too (the server sends
 * its video URL to anyone), or for an article shows its text there (decision 0080). Until the outline has
 * loaded (or if it can't be), the lectures show as one list.
 */
import type { CurriculumSection } from '@lectio/contracts/curriculum';
import { formatCourseDuration } from '@lectio/contracts/durations';
import type { Lecture } from '@lectio/contracts/lecture';
import { useId, useState } from 'react';
import { LabelledGroup } from '~/components/ui/LabelledGroup';
import { OutlineIcon } from '~/components/ui/OutlineIcon';
import { ArticleBody } from '../learning/ArticleLesson';
import { CATALOG_TEXT } from './catalog-text';
import { lectureDurationLabel } from './course-format';
import { groupBySection, sectionOpening } from './curriculum-groups';
import { LessonKindIcon } from './LessonKindIcon';

function LockIcon() {
  return (
    <OutlineIcon d="M8 11V7a4 4 0 0 1 8 0v4" className="h-4 w-4">
      <rect x="5" y="11" width="14" height="10" rx="2" />
    </OutlineIcon>
  );
}

/** A section's opening day or rule (drip release), under its heading. */
export function SectionOpening({ text }: { text: string | null }) {
  if (!text) return null;
  return <p className="pb-1 text-sm font-medium text-amber-800 dark:text-amber-300">{text}</p>;
}

function LectureRows({
  lectures,
  playing,
  onPlay,
}: {
  lectures: readonly Lecture[];
  playing: string | null;
  onPlay: (id: string) => void;
}) {
  return (
    <ol className="divide-y divide-slate-200 dark:divide-slate-700">
      {lectures.map((lecture) => (
        <li key={lecture._id} className="py-3">
          <div className="flex items-center justify-between gap-4">
            <span className="flex min-w-0 items-center gap-3">
              <span className="text-sm text-slate-600 dark:text-slate-400">{lecture.order}.</span>
              <LessonKindIcon kind={lecture.kind} />
              <span className="truncate">{lecture.title}</span>
              {lecture.isPreview && lecture.kind === 'article' && !lecture.isLocked ? (
                <button
                  type="button"
                  aria-expanded={playing === lecture._id}
                  aria-label={CATALOG_TEXT.readPreview(lecture.title)}
                  onClick={() => onPlay(lecture._id)}
                  className="shrink-0 rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 underline-offset-2 hover:underline dark:bg-emerald-900 dark:text-emerald-100"
                >
                  {CATALOG_TEXT.previewBadge}
                </button>
              ) : lecture.isPreview && lecture.videoUrl ? (
                <button
                  type="button"
                  aria-expanded={playing === lecture._id}
                  aria-label={CATALOG_TEXT.playPreview(lecture.title)}
                  onClick={() => onPlay(lecture._id)}
                  className="shrink-0 rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 underline-offset-2 hover:underline dark:bg-emerald-900 dark:text-emerald-100"
                >
                  {CATALOG_TEXT.previewBadge}
                </button>
              ) : lecture.isPreview ? (
                <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                  {CATALOG_TEXT.previewBadge}
                </span>
              ) : null}
              {lecture.isLocked ? (
                <span className="inline-flex items-center gap-1 text-xs font-semibold text-slate-700 dark:text-slate-300">
                  <LockIcon />
                  {CATALOG_TEXT.lockedBadge}
                </span>
              ) : null}
            </span>
            <span className="shrink-0 text-sm text-slate-600 dark:text-slate-400">
              {lectureDurationLabel(lecture)}
            </span>
          </div>
          {playing === lecture._id && lecture.kind === 'article' ? (
            <section
              aria-label={CATALOG_TEXT.articlePreviewLabel(lecture.title)}
              className="mt-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
            >
              <ArticleBody lectureId={lecture._id} />
            </section>
          ) : playing === lecture._id && lecture.videoUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: instructors upload the clips; no caption tracks exist yet.
            <video
              controls
              autoPlay
              preload="metadata"
              src={lecture.videoUrl}
              aria-label={CATALOG_TEXT.rowPreviewVideoLabel(lecture.title)}
              className="mt-3 aspect-video w-full rounded-lg bg-black"
            />
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export function CourseContent({
  lectures,
  duration,
  sections,
  showRules = false,
}: {
  lectures: readonly Lecture[];
  duration: string | null;
  /** The curriculum's sections (`curriculum.get`), once loaded. */
  sections?: readonly CurriculumSection[] | undefined;
  /** Say each section's drip rule (a viewer who hasn't enrolled); a learner sees only their own dates. */
  showRules?: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const [playing, setPlaying] = useState<string | null>(null);
  const listId = useId();
  const groups = groupBySection(lectures, sections);
  const named = groups.filter((group) => group.section !== null).length;
  const onPlay = (id: string) => setPlaying((open) => (open === id ? null : id));

  return (
    <section className="rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <h2 className="text-xl font-semibold">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
          className="flex w-full items-center justify-between gap-4 rounded-xl px-6 py-4 text-left"
        >
          <span>{CATALOG_TEXT.courseContent}</span>
          <span className="flex items-center gap-3 text-sm font-normal text-slate-600 dark:text-slate-400">
            {CATALOG_TEXT.courseContentSummary(lectures.length, duration, named)}
            <OutlineIcon
              d="m6 9 6 6 6-6"
              className={`h-5 w-5 transition-transform ${expanded ? 'rotate-180' : ''}`}
            />
          </span>
        </button>
      </h2>
      <div
        id={listId}
        hidden={!expanded}
        className="border-t border-slate-200 px-6 py-2 dark:border-slate-700"
      >
        {lectures.length === 0 ? (
          <p className="py-3 text-slate-700 dark:text-slate-300">{CATALOG_TEXT.noLectures}</p>
        ) : (
          groups.map((group) =>
            group.section ? (
              <LabelledGroup
                key={group.section._id}
                labelledBy={`${listId}-${group.section._id}`}
                className="py-2"
              >
                <h3
                  id={`${listId}-${group.section._id}`}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 pt-2 font-semibold"
                >
                  <span>{group.section.title}</span>
                  <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
                    {CATALOG_TEXT.sectionSummary(
                      group.lectures.length,
                      formatCourseDuration(group.section.duration),
                    )}
                  </span>
                </h3>
                <SectionOpening text={sectionOpening(group.section, showRules)} />
                {group.lectures.length > 0 ? (
                  <LectureRows lectures={group.lectures} playing={playing} onPlay={onPlay} />
                ) : null}
              </LabelledGroup>
            ) : (
              <LectureRows key="all" lectures={group.lectures} playing={playing} onPlay={onPlay} />
            ),
          )
        )}
      </div>
    </section>
  );
}
