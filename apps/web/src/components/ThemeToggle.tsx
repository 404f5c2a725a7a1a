import { toggleTheme, useTheme } from '~/lib/theme';

export const THEME_TOGGLE_LABEL = 'Dark mode';

/** Light/dark switch. A toggle button with a fixed name; aria-pressed tells whether dark mode is on. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const theme = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      aria-label={THEME_TOGGLE_LABEL}
      aria-pressed={dark}
      title={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      onClick={() => toggleTheme()}
      className={`inline-flex h-9 w-9 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 ${className}`}
    >
      {/* One svg for both icons, drawn here rather than with OutlineIcon: the landing page loads this
          toggle, and its JavaScript budget has no room for another chunk. */}
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        {dark ? (
          <>
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </>
        ) : (
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
        )}
      </svg>
    </button>
  );
}
