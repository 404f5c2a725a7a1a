/**
 * The top-bar course search (spec section 2, issue 16): Ctrl or Cmd + K focuses it; typing runs a
 * debounced search over the courses the user may see and shows the top matches, the matched part of each
 * title marked; a last option, 'See all results', opens the whole list for the search. The results form
 * an ARIA 1.2 combobox with a listbox (Arrow keys move, Enter opens the active option, or every result
 * when none is active; Escape closes then clears), and a chosen course opens at {base}/course/{id}.
 */
import type { PublicUser } from '@lectio/contracts/user';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { inputClassName } from '~/components/TextField';
import { COURSE_SEARCH_TEXT } from './course-search-text';
import { highlightMatch } from './highlight-match';
import { DASHBOARD_TEXT } from './screen-titles';
import {
  allResultsLink,
  type CourseHit,
  courseDetailLink,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_LENGTH,
  searchCourses,
} from './search-courses';

// The active option is where keyboard focus is (aria-activedescendant): the app's focus outline marks it,
// drawn inside; the pale background alone would be hard to see.
const activeOptionClassName =
  'bg-indigo-50 outline-2 -outline-offset-2 outline-indigo-600 dark:bg-slate-800 dark:outline-indigo-300';
const markClassName = 'rounded-sm bg-amber-200 text-slate-950 dark:bg-amber-300 dark:text-slate-950';

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function isApplePlatform(): boolean {
  return (
    typeof navigator !== 'undefined' && /Mac|iPhone|iPad/i.test(navigator.platform || navigator.userAgent)
  );
}

export function CourseSearch({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const trimmed = text.trim();
  const term = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const enabled = term.length >= SEARCH_MIN_LENGTH;

  const { data, isFetching, isError } = useQuery({
    queryKey: ['course-search', user._id, user.role, term],
    queryFn: () => searchCourses(term, user),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

  const typing = trimmed !== term;
  const hits: CourseHit[] = enabled ? (data ?? []) : [];
  const showPopup = open && trimmed.length >= SEARCH_MIN_LENGTH;
  const settled = enabled && !typing && !isFetching;
  // The options: the hits, then 'See all results' (index hits.length).
  const seeAllIndex = hits.length;
  const optionCount = hits.length + 1;

  // New results: no option is active until the user moves with the arrow keys.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `data` is the trigger.
  useEffect(() => {
    setActive(-1);
  }, [data]);

  // The active option stays in view when the arrow keys move past the list's visible part.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `optionId` derives from `baseId`.
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [active, baseId]);

  // Ctrl+K / Cmd+K from anywhere focuses the box.
  useEffect(() => {
    function focusSearch(event: globalThis.KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
      }
    }
    window.addEventListener('keydown', focusSearch);
    return () => window.removeEventListener('keydown', focusSearch);
  }, []);

  function close() {
    setText('');
    setOpen(false);
    inputRef.current?.blur();
  }

  function choose(hit: CourseHit) {
    close();
    void navigate(courseDetailLink(user, hit._id));
  }

  function seeAll() {
    close();
    void navigate(allResultsLink(user, trimmed));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (trimmed.length >= SEARCH_MIN_LENGTH) setActive((index) => (index + 1) % optionCount);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (trimmed.length >= SEARCH_MIN_LENGTH) {
          setActive((index) => (index <= 0 ? optionCount - 1 : index - 1));
        }
        break;
      case 'Enter': {
        if (!showPopup) break;
        event.preventDefault();
        const hit = typing ? undefined : hits[active];
        if (hit) choose(hit);
        else seeAll();
        break;
      }
      case 'Escape':
        event.preventDefault();
        if (showPopup) setOpen(false);
        else setText('');
        break;
      default:
        break;
    }
  }

  let statusText = '';
  if (showPopup) {
    if (typing || (isFetching && hits.length === 0)) statusText = DASHBOARD_TEXT.searching;
    else if (isError && hits.length === 0) statusText = DASHBOARD_TEXT.searchFailed;
    else if (settled && hits.length === 0) statusText = DASHBOARD_TEXT.noResults;
  }
  const shortcut = isApplePlatform() ? '⌘K' : 'Ctrl K';

  return (
    <div className="relative min-w-0 max-w-md flex-1">
      <label htmlFor={`${baseId}-input`} className="sr-only">
        {DASHBOARD_TEXT.search}
      </label>
      <input
        ref={inputRef}
        id={`${baseId}-input`}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showPopup}
        aria-controls={listboxId}
        aria-activedescendant={showPopup && active >= 0 ? optionId(active) : undefined}
        aria-keyshortcuts="Control+K Meta+K"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder={DASHBOARD_TEXT.searchPlaceholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={`${inputClassName} border-slate-500 py-1.5 sm:pr-16`}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 right-2 my-auto hidden h-6 items-center rounded border border-slate-300 px-1.5 font-sans text-xs text-slate-600 sm:inline-flex dark:border-slate-600 dark:text-slate-300"
      >
        <kbd className="font-sans">{shortcut}</kbd>
      </span>
      {/* On a phone the box is narrow: the list spans the screen under the top bar instead. */}
      <div
        className={`fixed inset-x-3 top-[4.25rem] z-50 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-0 sm:top-full sm:mt-1 dark:border-slate-700 dark:bg-slate-900 ${
          showPopup ? '' : 'hidden'
        }`}
      >
        {statusText ? (
          <p className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">{statusText}</p>
        ) : null}
        <div
          id={listboxId}
          role="listbox"
          aria-label={DASHBOARD_TEXT.searchResults}
          className="max-h-[min(32rem,calc(100dvh-6rem))] overflow-y-auto"
        >
          {showPopup ? (
            <>
              {hits.map((hit, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works on the combobox input (aria-activedescendant).
                <div
                  key={hit._id}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  // Keep focus in the input so the click lands before the blur closes the list.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(hit)}
                  onMouseMove={() => setActive(index)}
                  className={`cursor-pointer px-3 py-2 ${index === active ? activeOptionClassName : ''}`}
                >
                  <span className="line-clamp-2 text-sm font-medium">
                    {highlightMatch(hit.title, term).map((part, at) =>
                      part.match ? (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one title, in order.
                        <mark key={at} className={markClassName}>
                          {part.text}
                        </mark>
                      ) : (
                        part.text
                      ),
                    )}
                  </span>
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                    {hit.instructorName} · {hit.category}
                    {hit.isPublished ? '' : ` · ${DASHBOARD_TEXT.draft}`}
                  </span>
                </div>
              ))}
              <Link
                {...allResultsLink(user, trimmed)}
                id={optionId(seeAllIndex)}
                role="option"
                tabIndex={-1}
                aria-selected={active === seeAllIndex}
                onMouseDown={(event) => event.preventDefault()}
                onClick={close}
                onMouseMove={() => setActive(seeAllIndex)}
                className={`block border-t border-slate-200 px-3 py-2 text-sm font-semibold text-indigo-700 dark:border-slate-700 dark:text-indigo-300 ${
                  active === seeAllIndex ? activeOptionClassName : ''
                }`}
              >
                {COURSE_SEARCH_TEXT.seeAllResults(trimmed)}
              </Link>
            </>
          ) : null}
        </div>
      </div>
      <p role="status" className="sr-only">
        {showPopup && settled && hits.length > 0 ? DASHBOARD_TEXT.resultsCount(hits.length) : statusText}
      </p>
    </div>
  );
}
