/**
 * The app's combobox (ARIA 1.2 combobox with a listbox popup) on React Aria Components (decision 0058).
 * React Aria gives the roles and the keyboard: Arrow keys move the active option (aria-activedescendant,
 * focus stays in the box), Enter picks it, Escape closes the list, a press outside or a blur closes it.
 * `ComboboxOption` with an `href` is a link that navigates through the router.
 */
import { type ReactNode, useId } from 'react';
import {
  ComboBox,
  type ComboBoxProps,
  ListBox,
  ListBoxItem,
  type ListBoxItemProps,
  type ListBoxProps,
  Popover,
  type PopoverProps,
} from 'react-aria-components';
import { AriaRouter } from './AriaRouter';
import { keyboardItemClassName, popupSurfaceClassName } from './overlay-classes';

export { ComboBoxStateContext as ComboboxStateContext, Input as ComboboxInput } from 'react-aria-components';

/** React Aria's ComboBox inside the router bridge: Enter on a link option navigates from the combobox. */
export function Combobox<T extends object>(props: ComboBoxProps<T>) {
  return (
    <AriaRouter>
      <ComboBox {...props} />
    </AriaRouter>
  );
}

export function ComboboxPopover({
  className = '',
  children,
  ...props
}: Omit<PopoverProps, 'className' | 'children'> & { className?: string; children: ReactNode }) {
  return (
    <Popover offset={4} {...props} className={`${popupSurfaceClassName} overflow-hidden ${className}`}>
      {children}
    </Popover>
  );
}

/**
 * The list of options, named `label` alone (React Aria would add the combobox's own label to the name;
 * 'Courses' reads better than 'Courses Search courses').
 */
export function ComboboxListBox<T extends object>({
  label,
  className = '',
  ...props
}: Omit<ListBoxProps<T>, 'className' | 'aria-label' | 'aria-labelledby'> & {
  label: string;
  className?: string;
}) {
  const labelId = useId();
  return (
    <>
      <span id={labelId} hidden>
        {label}
      </span>
      <ListBox
        {...props}
        aria-labelledby={labelId}
        // biome-ignore lint/a11y/useValidAriaValues: empty on purpose: it replaces React Aria's default label ('Suggestions'), which would otherwise join the name; the name comes from aria-labelledby.
        aria-label=""
        className={`outline-none ${className}`}
      />
    </>
  );
}

// The active option is where keyboard focus is: the app's focus outline marks it, drawn inside; the pale
// background alone would be hard to see.
export function ComboboxOption({
  className = '',
  ...props
}: Omit<ListBoxItemProps, 'className'> & { className?: string }) {
  return (
    <ListBoxItem
      {...props}
      className={({ isFocused }) =>
        `block cursor-pointer px-3 py-2 outline-none ${isFocused ? `bg-indigo-50 dark:bg-slate-800 ${keyboardItemClassName}` : ''} ${className}`
      }
    />
  );
}
