/**
 * The top-bar course search (spec section 2, issue 16): Ctrl or Cmd + K focuses it; typing runs a
 * debounced search over the courses the user may see and shows the top matches, the matched part of each
 * title marked; a last option, 'See all results', opens the whole list for the search. The results are a
 * listbox the box controls, on React Aria's `Autocomplete` (`components/ui/Autocomplete.tsx`, decision
 * 0071): the Arrow keys move through the options, Enter or a press opens the active one (a chosen course
 * opens at {base}/course/{id}). This file decides when the list shows: Enter with no option active asks
 * for every result, Escape closes the list, then clears the box.
 */
import type { PublicUser } from '@lectio/contracts/user';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { inputClassName } from '~/components/TextField';
import { useLinkHref } from '~/components/ui/AriaRouter';
import {
  Autocomplete,
  AutocompleteField,
  AutocompleteInput,
  AutocompleteLabel,
  AutocompleteList,
  AutocompleteOption,
  useHasActiveOption,
} from '~/components/ui/Autocomplete';
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
/** The key of the last option; course ids are UUIDs, so it cannot be one. */
const SEE_ALL_KEY = 'see-all-results';

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
  const linkHref = useLinkHref();
  const inputRef = useRef<HTMLInputElement>(null);

  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
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
  const searchable = trimmed.length >= SEARCH_MIN_LENGTH;
  const showPopup = open && searchable;
  const settled = enabled && !typing && !isFetching;

  // Ctrl+K / Cmd+K from anywhere focuses the box. Listened to on the way down (capture), so it works in
  // the box too, whose keys React Aria keeps to itself.
  useEffect(() => {
    function focusSearch(event: globalThis.KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
      }
    }
    window.addEventListener('keydown', focusSearch, true);
    return () => window.removeEventListener('keydown', focusSearch, true);
  }, []);

  function close() {
    setText('');
    setOpen(false);
    inputRef.current?.blur();
  }

  let statusText = '';
  if (showPopup) {
    if (typing || (isFetching && hits.length === 0)) statusText = DASHBOARD_TEXT.searching;
    else if (isError && hits.length === 0) statusText = DASHBOARD_TEXT.searchFailed;
    else if (settled && hits.length === 0) statusText = DASHBOARD_TEXT.noResults;
  }

  return (
    <div className="relative min-w-0 max-w-md flex-1">
      <Autocomplete
        inputValue={text}
        onInputChange={(value) => {
          setText(value);
          setOpen(true);
        }}
        // No option is active until the user moves with the arrow keys: Enter alone asks for every result.
        disableAutoFocusFirst
      >
        <SearchBox
          inputRef={inputRef}
          expanded={showPopup}
          onOpenChange={setOpen}
          onClear={() => setText('')}
          onSeeAll={() => {
            close();
            void navigate(allResultsLink(user, trimmed));
          }}
        />
        {/* On a phone the box is narrow: the list spans the screen under the top bar instead. */}
        <div
          className={`fixed inset-x-3 top-[4.25rem] z-50 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-0 sm:top-full sm:mt-1 dark:border-slate-700 dark:bg-slate-900 ${
            showPopup ? '' : 'hidden'
          }`}
        >
          {statusText ? (
            <p className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">{statusText}</p>
          ) : null}
          <AutocompleteList
            aria-label={DASHBOARD_TEXT.searchResults}
            // The option's link navigates; choosing also empties and leaves the box.
            onAction={close}
            className="max-h-[min(32rem,calc(100dvh-6rem))] overflow-y-auto"
          >
            {searchable ? (
              <>
                {hits.map((hit) => (
                  <AutocompleteOption
                    key={hit._id}
                    id={hit._id}
                    textValue={hit.title}
                    href={linkHref(courseDetailLink(user, hit._id))}
                    className="px-3 py-2"
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
                  </AutocompleteOption>
                ))}
                <AutocompleteOption
                  id={SEE_ALL_KEY}
                  href={linkHref(allResultsLink(user, trimmed))}
                  className="border-t border-slate-200 px-3 py-2 text-sm font-semibold text-indigo-700 dark:border-slate-700 dark:text-indigo-300"
                >
                  {COURSE_SEARCH_TEXT.seeAllResults(trimmed)}
                </AutocompleteOption>
              </>
            ) : null}
          </AutocompleteList>
        </div>
      </Autocomplete>
      <p role="status" className="sr-only">
        {showPopup && settled && hits.length > 0 ? DASHBOARD_TEXT.resultsCount(hits.length) : statusText}
      </p>
    </div>
  );
}

/**
 * The box. React Aria's `Autocomplete` gives it the list's keyboard (the Arrow keys, Enter on the active
 * option, `aria-activedescendant`); the keys here, seen before React Aria's, only show and hide the list.
 */
function SearchBox({
  inputRef,
  expanded,
  onOpenChange,
  onClear,
  onSeeAll,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  expanded: boolean;
  onOpenChange: (open: boolean) => void;
  onClear: () => void;
  onSeeAll: () => void;
}) {
  const hasActiveOption = useHasActiveOption();

  function onKeyDownCapture(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        onOpenChange(true);
        break;
      case 'Enter':
        // The hidden list keeps its active option (for the arrow keys): Enter reaches it only when shown.
        if (!expanded) event.stopPropagation();
        else if (!hasActiveOption) {
          event.preventDefault();
          onSeeAll();
        }
        break;
      case 'Escape':
        // Prevented, React Aria leaves Escape to the box.
        event.preventDefault();
        if (expanded) onOpenChange(false);
        else onClear();
        break;
      default:
        break;
    }
  }

  return (
    <AutocompleteField className="block">
      <AutocompleteLabel className="sr-only">{DASHBOARD_TEXT.search}</AutocompleteLabel>
      <AutocompleteInput
        ref={inputRef}
        // An ARIA 1.2 combobox: React Aria's Autocomplete gives the list's attributes (aria-controls,
        // aria-activedescendant, aria-autocomplete), this box its role and whether the list shows.
        role="combobox"
        aria-expanded={expanded}
        aria-keyshortcuts="Control+K Meta+K"
        enterKeyHint="search"
        placeholder={DASHBOARD_TEXT.searchPlaceholder}
        onFocus={() => onOpenChange(true)}
        // Moving to an option sends the box a blur of React Aria's own (untrusted): focus stays here.
        onBlur={(event) => {
          if (event.nativeEvent.isTrusted) onOpenChange(false);
        }}
        onKeyDownCapture={onKeyDownCapture}
        className={`${inputClassName} border-slate-500 py-1.5 sm:pr-16`}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 right-2 my-auto hidden h-6 items-center rounded border border-slate-300 px-1.5 font-sans text-xs text-slate-600 sm:inline-flex dark:border-slate-600 dark:text-slate-300"
      >
        <kbd className="font-sans">{isApplePlatform() ? '⌘K' : 'Ctrl K'}</kbd>
      </span>
    </AutocompleteField>
  );
}
