/**
 * A non-modal panel opened by a button (the notifications panel) on React Aria Components (decision 0058):
 * `DialogTrigger` pairs a `PopoverButton` with a `PopoverDialog`. React Aria moves focus into the panel,
 * closes it on Escape or a press outside and puts focus back on the button.
 */
import type { ReactNode } from 'react';
import { Dialog, Popover, type PopoverProps } from 'react-aria-components';
import { AriaRouter } from './AriaRouter';
import { popupSurfaceClassName } from './overlay-classes';

export { Button as PopoverButton, DialogTrigger } from 'react-aria-components';

export function PopoverDialog({
  label,
  className = '',
  children,
  ...props
}: Omit<PopoverProps, 'className' | 'children'> & {
  /** The dialog's accessible name. */
  label: string;
  className?: string;
  children: ReactNode | ((close: () => void) => ReactNode);
}) {
  return (
    <Popover
      placement="bottom end"
      offset={8}
      containerPadding={8}
      {...props}
      className={`${popupSurfaceClassName} ${className}`}
    >
      <Dialog aria-label={label} className="outline-none">
        {({ close }) => (
          <AriaRouter>{typeof children === 'function' ? children(close) : children}</AriaRouter>
        )}
      </Dialog>
    </Popover>
  );
}
