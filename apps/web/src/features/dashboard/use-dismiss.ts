/**
 * Closes a popover (notifications, user menu) on a pointer press outside it or on Escape; Escape also
 * puts focus back on the button that opened it.
 */
import { type RefObject, useEffect } from 'react';

export function useDismiss(
  open: boolean,
  close: () => void,
  inside: readonly RefObject<HTMLElement | null>[],
  returnFocusTo: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent | MouseEvent) {
      const target = event.target as Node | null;
      if (target && inside.some((ref) => ref.current?.contains(target))) return;
      close();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      close();
      returnFocusTo.current?.focus();
    }
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close, inside, returnFocusTo]);
}
