/**
 * A button that moves a row one place up (-1) or down (+1): an arrow for the eye, and for screen readers
 * what it moves ("Move Requirement 2 up", "Move Basics down"). The course's lectures and the list editors'
 * rows have a pair each.
 */
import { COURSE_ADMIN_TEXT } from './course-admin-text';

const MOVES = {
  [-1]: { arrow: '↑', text: COURSE_ADMIN_TEXT.moveUp },
  1: { arrow: '↓', text: COURSE_ADMIN_TEXT.moveDown },
} as const;

export function MoveButton({
  direction,
  what,
  onClick,
  disabled,
  className,
}: {
  direction: -1 | 1;
  /** The row's name in the button's label. */
  what: string;
  onClick: (() => void) | undefined;
  disabled: boolean;
  className: string;
}) {
  const { arrow, text } = MOVES[direction];
  return (
    <button type="button" onClick={onClick} disabled={disabled} className={className}>
      <span aria-hidden="true">{arrow}</span>
      <span className="sr-only">{text(what)}</span>
    </button>
  );
}
