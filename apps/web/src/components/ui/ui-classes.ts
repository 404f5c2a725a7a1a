/**
 * Tailwind class sets the catalogue and course-management screens share (contrast checked in both
 * themes). Buttons are built from a tone and a size, never by appending padding to a finished class
 * string: two padding utilities on one element resolve by stylesheet order, not by class order.
 */
const ACTION_BASE =
  'inline-flex items-center justify-center gap-2 rounded-md font-semibold disabled:cursor-not-allowed disabled:opacity-60';

const ACTION_SIZES = {
  regular: 'px-4 py-2',
  small: 'px-3 py-1.5 text-sm',
  large: 'px-5 py-2.5',
} as const;

const ACTION_TONES = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-700',
  secondary:
    'border border-slate-400 text-slate-800 hover:bg-slate-100 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  dangerOutline:
    'border border-red-700 text-red-800 hover:bg-red-50 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950',
} as const;

export function actionClassName(
  tone: keyof typeof ACTION_TONES,
  size: keyof typeof ACTION_SIZES = 'regular',
): string {
  return `${ACTION_BASE} ${ACTION_SIZES[size]} ${ACTION_TONES[tone]}`;
}

export const primaryActionClassName = actionClassName('primary');
export const secondaryActionClassName = actionClassName('secondary');
export const dangerActionClassName = actionClassName('danger');

export const panelClassName =
  'rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900';
// Field borders are slate-500 in both themes: at least 3:1 against white and slate-900 (WCAG 1.4.11, the
// border is what shows where the field is).
export const fieldClassName =
  'block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:disabled:bg-slate-800';
export const labelClassName = 'block text-sm font-medium text-slate-800 dark:text-slate-200';
export const errorTextClassName = 'text-sm text-red-700 dark:text-red-400';
