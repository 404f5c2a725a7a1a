/**
 * The top-bar course search (spec section 2): Ctrl or Cmd + K focuses it; typing runs a debounced search
 * over the courses the user may see; the results form an ARIA 1.2 combobox with a listbox (Arrow keys
 * move, Enter opens, Escape closes then clears), and the chosen course opens at {base}/course/{id}.
 */
import type { PublicUser } from '@lectio/contracts/user';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { inputClassName } from '~/components/TextField';
import { DASHBOARD_TEXT } from './screen-titles';
import {
  type CourseHit,
  courseDetailLink,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_LENGTH,
  searchCourses,
} from './search-courses';

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
    queryFn: ({ signal }) => searchCourses(term, user, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

  const typing = trimmed !== term;
  const hits: CourseHit[] = enabled ? (data ?? []) : [];
  const showPopup = open && trimmed.length >= SEARCH_MIN_LENGTH;
  const settled = enabled && !typing && !isFetching;

  // New results: no option is active until the user moves with the arrow keys.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `data` is the trigger.
  useEffect(() => {
    setActive(-1);
  }, [data]);

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

  function choose(hit: CourseHit) {
    setText('');
    setOpen(false);
    inputRef.current?.blur();
    void navigate(courseDetailLink(user, hit._id));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (hits.length > 0) setActive((index) => (index + 1) % hits.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (hits.length > 0) setActive((index) => (index <= 0 ? hits.length - 1 : index - 1));
        break;
      case 'Enter': {
        if (!showPopup || typing) break;
        const hit = hits[Math.max(active, 0)];
        if (hit) {
          event.preventDefault();
          choose(hit);
        }
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
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={`${inputClassName} border-slate-500 py-1.5 pr-16`}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 right-2 my-auto hidden h-6 items-center rounded border border-slate-300 px-1.5 font-sans text-xs text-slate-600 sm:inline-flex dark:border-slate-600 dark:text-slate-300"
      >
        <kbd className="font-sans">{shortcut}</kbd>
      </span>
      <div
        className={`absolute left-0 right-0 top-full z-50 mt-1 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900 ${
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
          className="max-h-80 overflow-y-auto"
        >
          {showPopup
            ? hits.map((hit, index) => (
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
                  // The active option is where keyboard focus is (aria-activedescendant): the app's focus
                  // outline marks it, drawn inside; the pale background alone would be hard to see.
                  className={`cursor-pointer px-3 py-2 ${
                    index === active
                      ? 'bg-indigo-50 outline-2 -outline-offset-2 outline-indigo-600 dark:bg-slate-800 dark:outline-indigo-300'
                      : ''
                  }`}
                >
                  <span className="block truncate text-sm font-medium">{hit.title}</span>
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                    {hit.instructorName} · {hit.category}
                    {hit.isPublished ? '' : ` · ${DASHBOARD_TEXT.draft}`}
                  </span>
                </div>
              ))
            : null}
        </div>
      </div>
      <p role="status" className="sr-only">
        {showPopup && settled && hits.length > 0 ? DASHBOARD_TEXT.resultsCount(hits.length) : statusText}
      </p>
    </div>
  );
}
