/**
 * The top-bar course search (spec section 2, issue 16): Ctrl or Cmd + K focuses it; typing runs a
 * debounced search over the courses the user may see and shows the top matches, the matched part of each
 * title marked; a last option, 'See all results', opens the whole list for the search. It is the app's
 * combobox (components/ui/Combobox, React Aria): Arrow keys move, Enter opens the active option, Escape
 * closes the list. Added here: Enter with no active option opens every result, a second Escape clears
 * the box, and a chosen course (a link) opens at {base}/course/{id}.
 */
import type { PublicUser } from '@lectio/contracts/user';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { type KeyboardEvent, type RefObject, useContext, useEffect, useRef, useState } from 'react';
import { Label } from 'react-aria-components';
import { inputClassName } from '~/components/TextField';
import { useLinkHref } from '~/components/ui/AriaRouter';
import {
  Combobox,
  ComboboxInput,
  ComboboxListBox,
  ComboboxOption,
  ComboboxPopover,
  ComboboxStateContext,
} from '~/components/ui/Combobox';
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

const markClassName = 'rounded-sm bg-amber-200 text-slate-950 dark:bg-amber-300 dark:text-slate-950';
const SEE_ALL_KEY = 'see-all';

/** An option of the list: a course, or the last one, 'See all results'. Each is a link. */
interface SearchOption {
  id: string;
  href: string;
  hit?: CourseHit;
  text: string;
}

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

/** The box itself: it reads the combobox's state to tell 'Enter on an option' from 'Enter on the text'. */
function SearchInput({
  searchable,
  onEnterWithoutOption,
  onEscapeWhenClosed,
  inputRef,
}: {
  /** Whether the text is long enough to search (there are options from then on). */
  searchable: boolean;
  onEnterWithoutOption: () => void;
  onEscapeWhenClosed: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const state = useContext(ComboboxStateContext);
  // React Aria opens the list when the text changes and there are options; the options appear one
  // render after the text that makes them (the second character), so the list is opened here then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the moment the text becomes searchable.
  useEffect(() => {
    if (searchable && state?.isFocused && !state.isOpen) state.open(null, 'input');
  }, [searchable]);
  // Read before React Aria's own handler acts on the key (it clears the active option when it closes).
  function onKeyDownCapture(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && state?.selectionManager.focusedKey == null) onEnterWithoutOption();
    else if (event.key === 'Escape' && !state?.isOpen) onEscapeWhenClosed();
  }
  return (
    <ComboboxInput
      ref={inputRef}
      aria-keyshortcuts="Control+K Meta+K"
      spellCheck={false}
      enterKeyHint="search"
      placeholder={DASHBOARD_TEXT.searchPlaceholder}
      onKeyDownCapture={onKeyDownCapture}
      className={`${inputClassName} border-slate-500 py-1.5 sm:pr-16`}
    />
  );
}

export function CourseSearch({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  const linkHref = useLinkHref();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
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
  const long = trimmed.length >= SEARCH_MIN_LENGTH;
  const hits: CourseHit[] = enabled && long ? (data ?? []) : [];
  const settled = enabled && !typing && !isFetching;
  const options: SearchOption[] = long
    ? [
        ...hits.map((hit) => ({
          id: hit._id,
          href: linkHref(courseDetailLink(user, hit._id)),
          hit,
          text: hit.title,
        })),
        {
          id: SEE_ALL_KEY,
          href: linkHref(allResultsLink(user, trimmed)),
          text: COURSE_SEARCH_TEXT.seeAllResults(trimmed),
        },
      ]
    : [];

  // A chosen option is a link: once the router has moved, the box empties and lets go of focus.
  const location = useRouterState({ select: (state) => state.location.href });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `location` is the trigger.
  useEffect(() => {
    setText('');
    inputRef.current?.blur();
  }, [location]);

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

  let statusText = '';
  if (long) {
    if (typing || (isFetching && hits.length === 0)) statusText = DASHBOARD_TEXT.searching;
    else if (isError && hits.length === 0) statusText = DASHBOARD_TEXT.searchFailed;
    else if (settled && hits.length === 0) statusText = DASHBOARD_TEXT.noResults;
  }
  const shortcut = isApplePlatform() ? '⌘K' : 'Ctrl K';

  return (
    <div className="relative min-w-0 max-w-md flex-1">
      <Combobox
        items={options}
        inputValue={text}
        onInputChange={setText}
        // Nothing is 'selected': every option is a link that opens its page.
        selectedKey={null}
        allowsCustomValue
        shouldFocusWrap
      >
        <Label className="sr-only">{DASHBOARD_TEXT.search}</Label>
        <SearchInput
          searchable={long}
          inputRef={inputRef}
          onEnterWithoutOption={() => {
            if (long) void navigate(allResultsLink(user, trimmed));
          }}
          onEscapeWhenClosed={() => setText('')}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-2 my-auto hidden h-6 items-center rounded border border-slate-300 px-1.5 font-sans text-xs text-slate-600 sm:inline-flex dark:border-slate-600 dark:text-slate-300"
        >
          <kbd className="font-sans">{shortcut}</kbd>
        </span>
        {/* On a phone the box is narrow: the list spans the screen instead. */}
        <ComboboxPopover
          placement="bottom start"
          containerPadding={12}
          className="flex w-[calc(100vw-1.5rem)] flex-col sm:w-(--trigger-width)"
        >
          {statusText ? (
            <p className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">{statusText}</p>
          ) : null}
          <ComboboxListBox label={DASHBOARD_TEXT.searchResults} className="min-h-0 flex-1 overflow-y-auto">
            {(option: SearchOption) =>
              option.hit ? (
                <ComboboxOption id={option.id} textValue={option.hit.title} href={option.href}>
                  <span className="line-clamp-2 text-sm font-medium">
                    {highlightMatch(option.hit.title, term).map((part, at) =>
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
                    {option.hit.instructorName} · {option.hit.category}
                    {option.hit.isPublished ? '' : ` · ${DASHBOARD_TEXT.draft}`}
                  </span>
                </ComboboxOption>
              ) : (
                <ComboboxOption
                  id={option.id}
                  textValue={option.text}
                  href={option.href}
                  className="border-t border-slate-200 text-sm font-semibold text-indigo-700 dark:border-slate-700 dark:text-indigo-300"
                >
                  {option.text}
                </ComboboxOption>
              )
            }
          </ComboboxListBox>
        </ComboboxPopover>
      </Combobox>
      <p role="status" className="sr-only">
        {long && settled && hits.length > 0 ? DASHBOARD_TEXT.resultsCount(hits.length) : statusText}
      </p>
    </div>
  );
}
