/**
 * The app's modal dialog on React Aria Components (decision 0058). `SideSheet` is the full-height panel at
 * the right edge (the narrow-screen main menu). React Aria keeps focus inside, hides the page behind from
 * assistive technology, stops it scrolling, closes on Escape or a press on the backdrop, and puts focus
 * back where it was. A `Button` with `slot="close"` inside closes it.
 */
import type { ReactNode } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';

export { Button as DialogButton, Heading as DialogHeading } from 'react-aria-components';

export function SideSheet({
  isOpen,
  onClose,
  className = '',
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  className?: string;
  /** Must hold a `DialogHeading slot="title"`: it names the dialog. */
  children: ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
      className="fixed inset-0 z-40 bg-slate-900/50"
    >
      <Modal className="fixed inset-y-0 right-0 z-50 w-full outline-none sm:max-w-sm">
        <Dialog
          className={`flex h-full flex-col overflow-y-auto bg-white px-6 py-6 outline-none sm:ring-1 sm:ring-slate-900/10 dark:bg-slate-900 dark:sm:ring-white/10 ${className}`}
        >
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
