/**
 * The app's menu (WAI-ARIA menu button) on React Aria Components (decision 0058): `MenuTrigger` pairs a
 * `Button` with a `MenuPopover` holding a `Menu`. React Aria gives the keyboard (Arrow keys, Home, End,
 * type-ahead, Escape and Tab close, focus back on the button) and the roles; this file gives the styling.
 * An item with an `href` is a link that navigates through the router.
 */
import type { ReactNode } from 'react';
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps,
  Popover,
  type PopoverProps,
  Separator,
} from 'react-aria-components';
import { AriaRouter } from './AriaRouter';
import { highlightedItemClassName, keyboardItemClassName, popupSurfaceClassName } from './overlay-classes';

export { Button as MenuButton, MenuTrigger } from 'react-aria-components';

export function MenuPopover({
  className = '',
  children,
  ...props
}: Omit<PopoverProps, 'className' | 'children'> & { className?: string; children: ReactNode }) {
  return (
    <Popover
      placement="bottom end"
      offset={8}
      {...props}
      className={`${popupSurfaceClassName} py-1 ${className}`}
    >
      <AriaRouter>{children}</AriaRouter>
    </Popover>
  );
}

export function Menu<T extends object>(props: MenuProps<T>) {
  return <AriaMenu {...props} className="py-1 outline-none" />;
}

export function MenuItem({
  tone = 'default',
  ...props
}: Omit<AriaMenuItemProps, 'className'> & { tone?: 'default' | 'danger' }) {
  return (
    <AriaMenuItem
      {...props}
      className={({ isFocused, isFocusVisible }) =>
        // No `outline-none` beside the keyboard outline: in one class list it would hide it.
        `block w-full cursor-pointer px-4 py-2 text-left text-sm ${
          tone === 'danger' ? 'font-semibold text-red-700 dark:text-red-400' : ''
        } ${isFocused ? highlightedItemClassName : ''} ${isFocusVisible ? keyboardItemClassName : 'outline-none'}`
      }
    />
  );
}

export function MenuSeparator() {
  return <Separator className="my-1 border-slate-200 dark:border-slate-700" />;
}
