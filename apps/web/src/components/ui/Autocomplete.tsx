/**
 * A text box that moves through a list of options it controls (the top-bar course search), on React Aria
 * Components' `Autocomplete` (decisions 0058, 0071): `Autocomplete` wraps an `AutocompleteField` (a text
 * field: `AutocompleteLabel`, `AutocompleteInput`) and an `AutocompleteList` of `AutocompleteOption`s.
 * React Aria keeps focus in the input and moves a virtual focus through the options (Arrow keys, Home, End,
 * wrapping; `aria-activedescendant`), and Enter or a press opens the option's link through the router.
 * It never hides the rest of the page, as React Aria's `ComboBox` does (adobe/react-spectrum#4937).
 * Showing and hiding the list is the caller's: the options stay mounted while the list is hidden, so the
 * virtual focus and the active option React Aria keeps stay consistent.
 */
import { useContext } from 'react';
import {
  AutocompleteStateContext,
  ListBox,
  ListBoxItem,
  type ListBoxItemProps,
  type ListBoxProps,
} from 'react-aria-components';
import { AriaRouter } from './AriaRouter';
import { highlightedItemClassName, keyboardItemClassName } from './overlay-classes';

export {
  Autocomplete,
  Input as AutocompleteInput,
  Label as AutocompleteLabel,
  TextField as AutocompleteField,
} from 'react-aria-components';

/** Whether the user has moved to an option (the virtual focus is on one); for use inside `Autocomplete`. */
export function useHasActiveOption(): boolean {
  return useContext(AutocompleteStateContext)?.focusedNodeId != null;
}

export function AutocompleteList<T extends object>(props: ListBoxProps<T>) {
  return (
    <AriaRouter>
      {/* Escape is the caller's (close the list, then clear the box), not the list's. */}
      <ListBox shouldFocusWrap escapeKeyBehavior="none" {...props} />
    </AriaRouter>
  );
}

export function AutocompleteOption({
  className = '',
  ...props
}: Omit<ListBoxItemProps, 'className'> & { className?: string }) {
  return (
    <ListBoxItem
      {...props}
      className={({ isFocused, isHovered }) =>
        // The active option (where the arrow keys are) carries the app's focus outline, drawn inside. No
        // `outline-none` beside it: in one class list it would hide it.
        `block cursor-pointer ${isFocused || isHovered ? highlightedItemClassName : ''} ${
          isFocused ? keyboardItemClassName : 'outline-none'
        } ${className}`
      }
    />
  );
}
