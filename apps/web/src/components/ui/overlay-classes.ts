/** The surface every popup (menu, popover, combobox list) is drawn on, in both themes. */
export const popupSurfaceClassName =
  'rounded-md border border-slate-200 bg-white text-slate-900 shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/**
 * A highlighted item (menu item, combobox option): a pale background, plus the app's focus outline drawn
 * inside the item while the keyboard is what moved there (a pale background alone is hard to see).
 */
export const highlightedItemClassName = 'bg-slate-100 dark:bg-slate-800';
export const keyboardItemClassName = 'outline-2 -outline-offset-2 outline-indigo-600 dark:outline-indigo-300';
